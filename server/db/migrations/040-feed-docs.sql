-- Serialised change-feed documents (docs/decisions/006-change-feed.md, "Document cache").
-- Building a product's compact document reads its full stored `data` and its children; a first sync of a
-- large catalogue asked for that of every product on every sign-in. A pull stores each document it built
-- here, as the JSON it sent, under the feed seq it was built for. A later pull uses it only while the feed
-- row still has that seq (any change to the source re-stamps the feed row with a newer seq, so a stale
-- entry is never joined) and, for prices that depend on the clock, until `valid_until` (epoch ms: the next
-- start or end of a special-price window; null when the document does not depend on the time).
create table catalog_feed_docs (
  feed text not null,
  doc_key text not null,
  seq bigint not null,
  doc text not null,
  valid_until bigint,
  primary key (feed, doc_key)
);
