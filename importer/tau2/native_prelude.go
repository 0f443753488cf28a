package tau2

import (
	"math"

	"github.com/legoenv/legoenv/episode"
)

// The prelude's helpers (star/prelude.star), natively.

func getRecord(db *episode.NativeDB, coll, key, missing string) (map[string]any, error) {
	r, ok, err := db.Get(coll, key)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fail("%s", missing)
	}
	return r, nil
}

func getOrder(db *episode.NativeDB, id string) (map[string]any, error) {
	return getRecord(db, "orders", id, "Order not found")
}

func getUser(db *episode.NativeDB, id string) (map[string]any, error) {
	return getRecord(db, "users", id, "User not found")
}

func getVariant(db *episode.NativeDB, productID any, itemID string) (map[string]any, error) {
	pid, ok := productID.(string)
	if !ok {
		return nil, decline
	}
	p, err := getRecord(db, "products", pid, "Product not found")
	if err != nil {
		return nil, err
	}
	return entry(p, "variants", itemID, "Variant not found")
}

// entry is r[k].get(id), failing with missing when it is None.
func entry(r map[string]any, k, id, missing string) (map[string]any, error) {
	m, err := dict(r, k)
	if err != nil {
		return nil, err
	}
	return lookup(m, id, missing)
}

// lookup is m.get(id) of a dict of dicts, failing with missing when it is
// None.
func lookup(m map[string]any, id, missing string) (map[string]any, error) {
	v, ok := m[id]
	if !ok || v == nil {
		return nil, fail("%s", missing)
	}
	d, ok := v.(map[string]any)
	if !ok {
		return nil, decline
	}
	return d, nil
}

func getPaymentMethod(db *episode.NativeDB, userID any, pmID string) (map[string]any, error) {
	uid, ok := userID.(string)
	if !ok {
		return nil, decline
	}
	u, err := getUser(db, uid)
	if err != nil {
		return nil, err
	}
	return entry(u, "payment_methods", pmID, "Payment method not found")
}

func isGiftCard(pm map[string]any) (bool, error) {
	src, err := field(pm, "source")
	s, ok := src.(string)
	return ok && s == "gift_card", err
}

// orderItems is order["items"], each a dict with an item_id.
func orderItems(order map[string]any) ([]map[string]any, error) {
	l, err := list(order, "items", maxNativeList)
	if err != nil {
		return nil, err
	}
	out := make([]map[string]any, len(l))
	for i, v := range l {
		it, ok := v.(map[string]any)
		if !ok {
			return nil, decline
		}
		if _, err := field(it, "item_id"); err != nil {
			return nil, err
		}
		out[i] = it
	}
	return out, nil
}

// itemsMissing is the first id the order holds fewer copies of than ids
// name, or "" (ok false) when it holds them all.
func itemsMissing(items []map[string]any, ids []string) (string, bool) {
	for _, id := range ids {
		want, held := 0, 0
		for _, x := range ids {
			if x == id {
				want++
			}
		}
		for _, it := range items {
			if s, ok := it["item_id"].(string); ok && s == id {
				held++
			}
		}
		if want > held {
			return id, true
		}
	}
	return "", false
}

func firstItem(items []map[string]any, id string) map[string]any {
	for _, it := range items {
		if s, ok := it["item_id"].(string); ok && s == id {
			return it
		}
	}
	return nil
}

// round2 is the prelude's round2, Python's round(x, 2): the exact binary
// value scaled to an integer, rounded to two decimals, ties to even.
func round2(x float64) (float64, error) {
	if x == 0 {
		return x, nil
	}
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, decline
	}
	neg := x < 0
	a := math.Abs(x)
	if a >= 1<<53 {
		return 0, decline // int(a) * 100 leaves 64 bits
	}
	k := 0
	for a != math.Trunc(a) {
		a *= 2
		k++
	}
	var res float64
	if k <= 60 { // a < 2^53 is integral: a * 100 fits, as does 2^k
		num, den := uint64(a)*100, uint64(1)<<k
		q := num / den
		r := num - q*den
		if 2*r > den || (2*r == den && q%2 == 1) {
			q++
		}
		res = float64(q) / 100
	} // past 2^60, a * 100 < 2^60 is under half of 2^k: q is 0
	if neg {
		return -res, nil
	}
	return res, nil
}
