-- Live order events: a stored order and every change of its status tell the bridge instances (LISTEN
-- order_changes) whose order moved, as "<customer_id>:<buyer_id>"; they tell that customer's open event
-- streams, whose leader tab then pulls the buyer's orders. Once per transaction however many rows it wrote.
create function order_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('order_changes', new.customer_id || ':' || new.buyer_id);
  return null;
end;
$$;
create trigger orders_notify after insert or update on orders for each row execute function order_notify();
