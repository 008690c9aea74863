-- The audit chain is append-only in the database itself (docs/reliability.md, "The audit chain"):
-- UPDATE, DELETE and TRUNCATE of audit_logs are refused for every role, the table's owner
-- included, unless the transaction turned maintenance on with
-- SET LOCAL bidyourdate.audit_maintenance = 'on' (only maintenance work does). The chain head may
-- move forward (each append updates it) but not be deleted. What a role that can drop the
-- trigger could still do is caught by the signed checkpoint kept outside the database.
CREATE FUNCTION audit_refuse_tampering() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('bidyourdate.audit_maintenance', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% on % refused: the audit trail is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege',
          HINT = 'Maintenance runs in a transaction with SET LOCAL bidyourdate.audit_maintenance = ''on''.';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_logs_no_update_delete BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_tampering();--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_tampering();--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_delete BEFORE DELETE ON audit_chain_head
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_tampering();--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_tampering();
