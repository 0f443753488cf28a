package tau2

import (
	"strings"

	"github.com/legoenv/legoenv/episode"
)

// The write tools, natively (star/cancel_*, exchange_*, modify_*,
// return_*). Every check comes before the first write, as in the scripts;
// a call that fails after one (a declined update) is rolled back.

// orderIn reads the order an argument names and its status.
func orderIn(db *episode.NativeDB, args map[string]any) (map[string]any, string, error) {
	id, err := arg(args, "order_id")
	if err != nil {
		return nil, "", err
	}
	order, err := getOrder(db, id)
	if err != nil {
		return nil, "", err
	}
	status, err := text(order, "status")
	return order, status, err
}

// containsPending is the scripts' "pending" in status.
func containsPending(status string) bool { return strings.Contains(status, "pending") }

// update is db.update(coll, r[keyField], fields), answering the new record.
func update(db *episode.NativeDB, coll string, r map[string]any, keyField string, fields map[string]any) (any, error) {
	key, err := text(r, keyField)
	if err != nil {
		return nil, err
	}
	b, err := db.UpdateJSON(coll, key, fields)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// write is update when the script does not answer the new record.
func write(db *episode.NativeDB, coll string, r map[string]any, keyField string, fields map[string]any) error {
	key, err := text(r, keyField)
	if err != nil {
		return err
	}
	_, err = db.Update(coll, key, fields)
	return err
}

// address is {k: args[k] for k in the six address fields}.
func address(args map[string]any) (map[string]any, error) {
	out := make(map[string]any, 6)
	for _, k := range [...]string{"address1", "address2", "city", "country", "state", "zip"} {
		v, err := arg(args, k)
		if err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, nil
}

func nativeOrderAddress(db *episode.NativeDB, args map[string]any) (any, error) {
	order, status, err := orderIn(db, args)
	if err != nil {
		return nil, err
	}
	if !containsPending(status) {
		return nil, fail("Non-pending order cannot be modified")
	}
	addr, err := address(args)
	if err != nil {
		return nil, err
	}
	return update(db, "orders", order, "order_id", map[string]any{"address": addr})
}

func nativeUserAddress(db *episode.NativeDB, args map[string]any) (any, error) {
	id, err := arg(args, "user_id")
	if err != nil {
		return nil, err
	}
	user, err := getUser(db, id)
	if err != nil {
		return nil, err
	}
	addr, err := address(args)
	if err != nil {
		return nil, err
	}
	return update(db, "users", user, "user_id", map[string]any{"address": addr})
}

// methodsOf is a copy of a user's payment methods, as the script holds
// them, with the user.
func methodsOf(db *episode.NativeDB, userID any) (map[string]any, map[string]any, error) {
	uid, ok := userID.(string)
	if !ok {
		return nil, nil, decline
	}
	user, err := getUser(db, uid)
	if err != nil {
		return nil, nil, err
	}
	pms, err := field(user, "payment_methods")
	if err != nil {
		return nil, nil, err
	}
	v, err := starValue(pms)
	if err != nil {
		return nil, nil, err
	}
	methods, ok := v.(map[string]any)
	if !ok {
		return nil, nil, decline
	}
	return user, methods, nil
}

// credit sets a gift card's balance to round2(balance + amount).
func credit(pm map[string]any, amount float64) error {
	bal, err := number(pm, "balance")
	if err != nil {
		return err
	}
	nb, err := round2(bal + amount)
	pm["balance"] = nb
	return err
}

func nativeCancel(db *episode.NativeDB, args map[string]any) (any, error) {
	order, status, err := orderIn(db, args)
	if err != nil {
		return nil, err
	}
	if status != "pending" {
		return nil, fail("Non-pending order cannot be cancelled")
	}
	reason, err := arg(args, "reason")
	if err != nil {
		return nil, err
	}
	if reason != "no longer needed" && reason != "ordered by mistake" {
		return nil, fail("Invalid reason")
	}
	user, methods, err := methodsOf(db, order["user_id"])
	if err != nil {
		return nil, err
	}
	history, err := payments(order)
	if err != nil {
		return nil, err
	}
	lines := history
	for _, p := range history {
		pmID, err := text(p.(map[string]any), "payment_method_id")
		if err != nil {
			return nil, err
		}
		amount, err := number(p.(map[string]any), "amount")
		if err != nil {
			return nil, err
		}
		pm, err := lookup(methods, pmID, "Payment method not found")
		if err != nil {
			return nil, err
		}
		lines = append(lines, map[string]any{"transaction_type": "refund", "amount": amount, "payment_method_id": pmID})
		if gift, err := isGiftCard(pm); err != nil {
			return nil, err
		} else if gift {
			if err := credit(pm, amount); err != nil {
				return nil, err
			}
		}
	}
	if err := write(db, "users", user, "user_id", map[string]any{"payment_methods": methods}); err != nil {
		return nil, err
	}
	return update(db, "orders", order, "order_id", map[string]any{"status": "cancelled", "cancel_reason": reason, "payment_history": lines})
}

// payments is order["payment_history"] as the script holds it: a list of
// dicts. The list is new; its dicts are the order's own where they are
// already as the script's copies would be (see episode.StarKept), and
// must not be changed.
func payments(order map[string]any) ([]any, error) {
	l, err := list(order, "payment_history", maxNativeList)
	if err != nil {
		return nil, err
	}
	out := make([]any, len(l))
	for i, p := range l {
		if _, ok := p.(map[string]any); !ok {
			return nil, decline
		}
		if out[i] = p; !episode.StarKept(p) {
			if out[i], err = starValue(p); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// priceDiff is the sum of the new variants' prices less the old items',
// after the checks both item tools make, and the last variant looked up.
func priceDiff(db *episode.NativeDB, items []map[string]any, ids, newIDs []string, sameMsg string) (float64, map[string]any, error) {
	diff := 0.0
	var variant map[string]any
	for i, old := range ids {
		nw := newIDs[i]
		if sameMsg != "" && old == nw {
			return 0, nil, fail("%s", sameMsg)
		}
		item := firstItem(items, old)
		if item == nil {
			return 0, nil, fail("Item %s not found", old)
		}
		v, err := getVariant(db, item["product_id"], nw)
		if err != nil {
			return 0, nil, err
		}
		avail, ok := v["available"].(bool)
		if !ok {
			return 0, nil, decline
		}
		if !avail {
			return 0, nil, fail("New item %s not found or available", nw)
		}
		vp, err := number(v, "price")
		if err != nil {
			return 0, nil, err
		}
		ip, err := number(item, "price")
		if err != nil {
			return 0, nil, err
		}
		diff += vp - ip
		variant = v
	}
	return diff, variant, nil
}

// itemArgs reads an item tool's order, its items and the two id lists.
func itemArgs(db *episode.NativeDB, args map[string]any, withNew bool) (order map[string]any, status string, items []map[string]any, ids, newIDs []string, err error) {
	if order, status, err = orderIn(db, args); err != nil {
		return
	}
	if items, err = orderItems(order); err != nil {
		return
	}
	if ids, err = texts(args, "item_ids"); err != nil {
		return
	}
	if withNew {
		newIDs, err = texts(args, "new_item_ids")
	}
	return
}

// giftBalance is a gift card's balance, and whether pm is one.
func giftBalance(pm map[string]any) (bool, float64, error) {
	gift, err := isGiftCard(pm)
	if err != nil || !gift {
		return false, 0, err
	}
	bal, err := number(pm, "balance")
	return true, bal, err
}
