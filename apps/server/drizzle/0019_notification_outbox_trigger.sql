-- The outbox writer (docs/notifications.md). Every notification row, whichever statement inserts
-- it (insertNotifications, INSERT ... SELECT of the lifecycle job, the accept_bid function), gets
-- its deliveries in the same transaction: an e-mail row, and one push row per subscribed device,
-- for the types that may reach a member outside the app (OUT_OF_APP_NOTIFICATION_TYPES in the
-- contract; test/integration/notification-outbox.test.ts checks the two lists agree), unless the
-- member turned that channel off for that type.
CREATE FUNCTION enqueue_notification_deliveries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_deliveries (notification_id, user_id, channel)
  SELECT n.id, n.user_id, 'email'
  FROM new_notifications n
  WHERE n.type::text = ANY (ARRAY['outbid', 'auction_won', 'auction_lost', 'auction_ending_soon', 'bid_received',
      'payment_failed', 'message_received', 'date_plan', 'date_reminder', 'refund', 'payout', 'report_resolved',
      'account_inactive'])
    AND NOT EXISTS (
      SELECT 1 FROM notification_preferences p WHERE p.user_id = n.user_id AND p.type = n.type AND NOT p.email);

  INSERT INTO notification_deliveries (notification_id, user_id, channel, push_subscription_id)
  SELECT n.id, n.user_id, 'push', s.id
  FROM new_notifications n
  JOIN push_subscriptions s ON s.user_id = n.user_id
  WHERE n.type::text = ANY (ARRAY['outbid', 'auction_won', 'auction_lost', 'auction_ending_soon', 'bid_received',
      'payment_failed', 'message_received', 'date_plan', 'date_reminder', 'refund', 'payout', 'report_resolved',
      'account_inactive'])
    AND NOT EXISTS (
      SELECT 1 FROM notification_preferences p WHERE p.user_id = n.user_id AND p.type = n.type AND NOT p.push);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_enqueue_deliveries
AFTER INSERT ON notifications
REFERENCING NEW TABLE AS new_notifications
FOR EACH STATEMENT EXECUTE FUNCTION enqueue_notification_deliveries();
