package app

import (
	"context"

	"agendo/internal/domain"
	"agendo/internal/realtime"
	"agendo/internal/store"
)

// Housekeeping: the periodic purge of what outlived its retention (trash,
// billing deliveries, rate-limit buckets, booking request ids, turned-away
// counts, page-view salts) and of the accounts whose deletion came due.

// PurgeExpired deletes, for everyone, trash items older than the retention,
// the page-view salts older than 48 hours, the accounts whose deletion
// window ended (with all their data), the rate-limit buckets that are
// full again, the booking request ids older than a day and the turned-away
// records older than two months, and gives up the billing events that
// waited PendingRetention for their customer.
func (a *App) PurgeExpired(ctx context.Context) error {
	var deleted []string
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		var err error
		if deleted, err = a.deleteDueAccounts(ctx, tx); err != nil {
			return err
		}
		if _, err := tx.PurgeTrash(ctx, a.Now().Add(-TrashRetention)); err != nil {
			return err
		}
		if err := tx.PurgeDeliveryPayloads(ctx, a.Now().Add(-DeliveryRetention)); err != nil {
			return err
		}
		if err := tx.DropPendingDeliveries(ctx, a.Now().Add(-PendingRetention), domain.SkipNeverLinked); err != nil {
			return err
		}
		if _, err := tx.PurgeRateLimits(ctx, a.Now().UnixMicro()); err != nil {
			return err
		}
		if err := tx.PurgeBookingRequests(ctx, a.Now().Add(-RequestRetention)); err != nil {
			return err
		}
		if err := tx.PurgeTurnedAway(ctx, a.Now().AddDate(0, -2, 0)); err != nil {
			return err
		}
		return tx.PurgeVisitorSalts(ctx, a.Now().Add(-SaltRetention))
	})
	if err == nil {
		for _, id := range deleted {
			a.endStreams(id, realtime.Ended{}) // its sessions went with it
		}
	}
	return err
}
