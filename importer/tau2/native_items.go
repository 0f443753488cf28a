package tau2

import (
	"math"

	"github.com/legoenv/legoenv/episode"
)

// The item and payment tools, natively (star/exchange_*, modify_pending_
// order_items, modify_pending_order_payment, return_*).

func nativeExchange(db *episode.NativeDB, args map[string]any) (any, error) {
	order, status, items, ids, newIDs, err := itemArgs(db, args, true)
	if err != nil {
		return nil, err
	}
	if status != "delivered" {
		return nil, fail("Non-delivered order cannot be exchanged")
	}
	if m, ok := itemsMissing(items, ids); ok {
		return nil, fail("Number of %s not found.", m)
	}
	if len(ids) != len(newIDs) {
		return nil, fail("The number of items to be exchanged should match.")
	}
	diff, _, err := priceDiff(db, items, ids, newIDs, "")
	if err != nil {
		return nil, err
	}
	if len(ids) > 0 {
		if diff, err = round2(diff); err != nil {
			return nil, err
		}
	}
	pmID, pm, err := argPaymentMethod(db, order, args)
	if err != nil {
		return nil, err
	}
	if gift, bal, err := giftBalance(pm); err != nil {
		return nil, err
	} else if gift && bal < diff {
		return nil, fail("Insufficient gift card balance to pay for the price difference")
	}
	return update(db, "orders", order, "order_id", map[string]any{
		"status":                     "exchange requested",
		"exchange_items":             sortedTexts(ids),
		"exchange_new_items":         sortedTexts(newIDs),
		"exchange_payment_method_id": pmID,
		"exchange_price_difference":  diff,
	})
}

func nativeModifyItems(db *episode.NativeDB, args map[string]any) (any, error) {
	order, status, items, ids, newIDs, err := itemArgs(db, args, true)
	if err != nil {
		return nil, err
	}
	if status != "pending" {
		return nil, fail("Non-pending order cannot be modified")
	}
	if m, ok := itemsMissing(items, ids); ok {
		return nil, fail("%s not found", m)
	}
	if len(ids) != len(newIDs) {
		return nil, fail("The number of items to be exchanged should match")
	}
	diff, variant, err := priceDiff(db, items, ids, newIDs, "The new item id should be different from the old item id")
	if err != nil {
		return nil, err
	}
	pmID, pm, err := argPaymentMethod(db, order, args)
	if err != nil {
		return nil, err
	}
	gift, bal, err := giftBalance(pm)
	if err != nil {
		return nil, err
	}
	if gift && bal < diff {
		return nil, fail("Insufficient gift card balance to pay for the new item")
	}
	history, err := payments(order)
	if err != nil {
		return nil, err
	}
	kind := "refund"
	if diff > 0 {
		kind = "payment"
	}
	history = append(history, map[string]any{"transaction_type": kind, "amount": math.Abs(diff), "payment_method_id": pmID})
	if gift {
		if err := debit(db, order["user_id"], pmID, bal, diff); err != nil {
			return nil, err
		}
	}
	newItems, err := swapItems(order, variant, ids, newIDs)
	if err != nil {
		return nil, err
	}
	return update(db, "orders", order, "order_id", map[string]any{"items": newItems, "payment_history": history, "status": "pending (item modified)"})
}

// debit writes a gift card's balance less diff, rounded, to its user.
func debit(db *episode.NativeDB, userID any, pmID string, bal, diff float64) error {
	user, methods, err := methodsOf(db, userID)
	if err != nil {
		return err
	}
	m, err := lookup(methods, pmID, "Payment method not found")
	if err != nil {
		return decline
	}
	if m["balance"], err = round2(bal - diff); err != nil {
		return err
	}
	return write(db, "users", user, "user_id", map[string]any{"payment_methods": methods})
}

// swapItems is a copy of the order's items with each old id, in turn, on
// the first item holding it, changed to the new one, taking the price and
// options of the last variant looked up (as tau2 does). An item left as it
// was is the order's own where it is already as the script's copy would be
// (see episode.StarKept); one that changes is copied first.
func swapItems(order, variant map[string]any, ids, newIDs []string) ([]any, error) {
	l, err := list(order, "items", maxNativeList)
	if err != nil {
		return nil, err
	}
	items := make([]any, len(l))
	copied := make([]bool, len(l))
	for j, x := range l {
		if _, ok := x.(map[string]any); !ok || !episode.StarKept(x) {
			if items[j], err = starValue(x); err != nil {
				return nil, err
			}
			copied[j] = true
			continue
		}
		items[j] = x
	}
	for i, old := range ids {
		for j, x := range items {
			it, ok := x.(map[string]any)
			if !ok {
				return nil, decline
			}
			if s, ok := it["item_id"].(string); !ok || s != old {
				continue
			}
			if !copied[j] {
				v, err := starValue(it)
				if err != nil {
					return nil, err
				}
				it, copied[j] = v.(map[string]any), true
				items[j] = it
			}
			if err := swapItem(it, variant, newIDs[i]); err != nil {
				return nil, err
			}
			break
		}
	}
	return items, nil
}

// swapItem makes it the variant's item newID.
func swapItem(it, variant map[string]any, newID string) error {
	it["item_id"] = newID
	for _, k := range [...]string{"price", "options"} {
		f, err := field(variant, k)
		if err != nil {
			return err
		}
		if it[k], err = starValue(f); err != nil {
			return err
		}
	}
	return nil
}

func nativeModifyPayment(db *episode.NativeDB, args map[string]any) (any, error) {
	order, status, err := orderIn(db, args)
	if err != nil {
		return nil, err
	}
	if !containsPending(status) {
		return nil, fail("Non-pending order cannot be modified")
	}
	newID, pm, err := argPaymentMethod(db, order, args)
	if err != nil {
		return nil, err
	}
	history, err := payments(order)
	if err != nil {
		return nil, err
	}
	if len(history) != 1 {
		return nil, fail("There should be exactly one payment for a pending order")
	}
	paid := history[0].(map[string]any)
	tt, ok := paid["transaction_type"]
	if !ok {
		return nil, decline
	}
	if s, ok := tt.(string); !ok || s != "payment" {
		return nil, fail("There should be exactly one payment for a pending order")
	}
	return switchPayment(db, order, pm, paid, newID)
}

// switchPayment moves a pending order's one payment to the method newID.
func switchPayment(db *episode.NativeDB, order, pm, paid map[string]any, newID string) (any, error) {
	oldID, err := text(paid, "payment_method_id")
	if err != nil {
		return nil, err
	}
	if newID == oldID {
		return nil, fail("The new payment method should be different from the current one")
	}
	amount, err := number(paid, "amount")
	if err != nil {
		return nil, err
	}
	gift, bal, err := giftBalance(pm)
	if err != nil {
		return nil, err
	}
	if gift && bal < amount {
		return nil, fail("Insufficient gift card balance to pay for the order")
	}
	oldPM, err := getPaymentMethod(db, order["user_id"], oldID)
	if err != nil {
		return nil, err
	}
	oldGift, err := isGiftCard(oldPM)
	if err != nil {
		return nil, err
	}
	if gift || oldGift {
		if err := movePayment(db, order["user_id"], newID, oldID, gift, oldGift, bal, amount); err != nil {
			return nil, err
		}
	}
	history, err := payments(order)
	if err != nil {
		return nil, err
	}
	history = append(history,
		map[string]any{"transaction_type": "payment", "amount": amount, "payment_method_id": newID},
		map[string]any{"transaction_type": "refund", "amount": amount, "payment_method_id": oldID})
	return update(db, "orders", order, "order_id", map[string]any{"payment_history": history})
}

// movePayment debits the new gift card and credits the old one.
func movePayment(db *episode.NativeDB, userID any, newID, oldID string, gift, oldGift bool, bal, amount float64) error {
	user, methods, err := methodsOf(db, userID)
	if err != nil {
		return err
	}
	if gift {
		m, err := lookup(methods, newID, "")
		if err != nil {
			return decline
		}
		if m["balance"], err = round2(bal - amount); err != nil {
			return err
		}
	}
	if oldGift {
		m, err := lookup(methods, oldID, "")
		if err != nil {
			return decline
		}
		if err := credit(m, amount); err != nil {
			return err
		}
	}
	return write(db, "users", user, "user_id", map[string]any{"payment_methods": methods})
}

func nativeReturn(db *episode.NativeDB, args map[string]any) (any, error) {
	order, status, items, ids, _, err := itemArgs(db, args, false)
	if err != nil {
		return nil, err
	}
	if status != "delivered" {
		return nil, fail("Non-delivered order cannot be returned")
	}
	pmID, pm, err := argPaymentMethod(db, order, args)
	if err != nil {
		return nil, err
	}
	gift, err := isGiftCard(pm)
	if err != nil {
		return nil, err
	}
	if !gift {
		history, err := payments(order)
		if err != nil || len(history) == 0 {
			return nil, decline
		}
		first, ok := history[0].(map[string]any)["payment_method_id"]
		if !ok {
			return nil, decline
		}
		if s, ok := first.(string); !ok || s != pmID {
			return nil, fail("Payment method should be the original payment method")
		}
	}
	if _, ok := itemsMissing(items, ids); ok {
		return nil, fail("Some item not found")
	}
	return update(db, "orders", order, "order_id", map[string]any{
		"status":                   "return requested",
		"return_items":             sortedTexts(ids),
		"return_payment_method_id": pmID,
	})
}

// argPaymentMethod reads the payment_method_id argument and the order's
// user's payment method it names, as the scripts do, in that order.
func argPaymentMethod(db *episode.NativeDB, order map[string]any, args map[string]any) (string, map[string]any, error) {
	id, err := arg(args, "payment_method_id")
	if err != nil {
		return "", nil, err
	}
	pm, err := getPaymentMethod(db, order["user_id"], id)
	return id, pm, err
}
