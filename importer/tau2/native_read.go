package tau2

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/episode"
)

// The read tools, natively (star/get_*.star, find_*.star,
// list_all_product_types.star, transfer_to_human_agents.star).

func nativeOrderDetails(db *episode.NativeDB, args map[string]any) (any, error) {
	return details(db, args, "order_id", "orders", "Order not found")
}

func nativeProductDetails(db *episode.NativeDB, args map[string]any) (any, error) {
	return details(db, args, "product_id", "products", "Product not found")
}

func nativeUserDetails(db *episode.NativeDB, args map[string]any) (any, error) {
	return details(db, args, "user_id", "users", "User not found")
}

// details answers the record the argument names, as the get tools do.
func details(db *episode.NativeDB, args map[string]any, key, coll, missing string) (any, error) {
	id, err := arg(args, key)
	if err != nil {
		return nil, err
	}
	b, found, ok, err := db.GetJSON(coll, id)
	switch {
	case err != nil:
		return nil, err
	case !found:
		return nil, fail("%s", missing)
	case !ok:
		return nil, decline
	}
	return b, nil
}

// scannable declines a collection too large for the bounds: the script
// reads every record it searches.
func scannable(db *episode.NativeDB, coll string) error {
	n, err := db.Len(coll)
	if err != nil {
		return err
	}
	if n > maxNativeScan {
		return decline
	}
	return nil
}

func nativeItemDetails(db *episode.NativeDB, args map[string]any) (any, error) {
	id, err := arg(args, "item_id")
	if err != nil {
		return nil, err
	}
	if err := scannable(db, "products"); err != nil {
		return nil, err
	}
	found, err := db.Search("products", "variants."+id+".item_id", id)
	if err != nil {
		return nil, err
	}
	for _, p := range found {
		vs, err := dict(p, "variants")
		if err != nil {
			return nil, err
		}
		v, ok := vs[id]
		if !ok {
			return nil, decline
		}
		return result(v)
	}
	return nil, fail("Item not found")
}

func nativeFindByEmail(db *episode.NativeDB, args map[string]any) (any, error) {
	email, err := arg(args, "email")
	if err != nil {
		return nil, err
	}
	if err := scannable(db, "users"); err != nil {
		return nil, err
	}
	email = lower(email)
	found, err := db.Search("users", "email", email)
	if err != nil {
		return nil, err
	}
	for _, u := range found {
		return userID(u)
	}
	all, err := db.All("users")
	if err != nil {
		return nil, err
	}
	for _, u := range all {
		e, err := text(u, "email")
		if err != nil {
			return nil, err
		}
		if lower(e) == email {
			return userID(u)
		}
	}
	return nil, fail("User not found")
}

func userID(u map[string]any) (any, error) {
	id, err := field(u, "user_id")
	if err != nil {
		return nil, err
	}
	return result(id)
}

func nativeFindByNameZip(db *episode.NativeDB, args map[string]any) (any, error) {
	var first, last, zip string
	var err error
	for k, dst := range map[string]*string{"first_name": &first, "last_name": &last, "zip": &zip} {
		if *dst, err = arg(args, k); err != nil {
			return nil, err
		}
	}
	if err := scannable(db, "users"); err != nil {
		return nil, err
	}
	first, last = lower(first), lower(last)
	found, err := db.Search("users", "address.zip", zip)
	if err != nil {
		return nil, err
	}
	for _, u := range found {
		name, err := dict(u, "name")
		if err != nil {
			return nil, err
		}
		fn, err := text(name, "first_name")
		if err != nil || lower(fn) != first {
			if err != nil {
				return nil, err
			}
			continue
		}
		ln, err := text(name, "last_name")
		if err != nil {
			return nil, err
		}
		if lower(ln) == last {
			return userID(u)
		}
	}
	return nil, fail("User not found")
}

func nativeProductTypes(db *episode.NativeDB, _ map[string]any) (any, error) {
	if err := scannable(db, "products"); err != nil {
		return nil, err
	}
	all, err := db.All("products")
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, p := range all {
		name, err := text(p, "name")
		if err != nil {
			return nil, err
		}
		if names[name], err = text(p, "product_id"); err != nil {
			return nil, err
		}
	}
	keys := make([]string, 0, len(names))
	for k := range names {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		if !quoteASCII(&b, k) {
			return nil, decline
		}
		b.WriteString(": ")
		if !quoteASCII(&b, names[k]) {
			return nil, decline
		}
	}
	b.WriteByte('}')
	return b.String(), nil
}

// quoteASCII is the script's quote for printable ASCII, which needs only
// quotes and backslashes escaped; false for any other text, which the
// script quotes character by character.
func quoteASCII(b *strings.Builder, s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 32 || s[i] > 126 {
			return false
		}
	}
	b.WriteByte('"')
	b.WriteString(quoteEscapes.Replace(s))
	b.WriteByte('"')
	return true
}

var quoteEscapes = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

func nativeTransfer(*episode.NativeDB, map[string]any) (any, error) {
	return "Transfer successful", nil
}
