import { defineConfig } from 'vite';

// Placeholder until the storefront shell lands; the UI work replaces this file.
export default defineConfig({});
