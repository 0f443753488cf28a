package tau2

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// Native Go implementations of the retail tools (see episode.Natives),
// each registered under the hash of the script it implements: the
// prelude and the tool's file of star/, as Server joins them. Each reads
// and writes the state's records as they are, and answers, fails and
// writes as its script does; anything the script would meet otherwise (a
// field of another type, a missing field, a number past 2^40, more items
// than the bounds below) declines the call to the script.

// Bounds within which a script's steps and bytes stay far below a tenth
// of the default limits (checked by the differential test).
const (
	maxNativeItems   = 32   // item ids a call names
	maxNativeList    = 64   // items or payment lines of an order
	maxNativeScan    = 2000 // records a tool reads one by one
	maxNativeNumbers = 1 << 40
)

// nativeTools are the tools with a native implementation, by name.
var nativeTools = map[string]episode.NativeFunc{
	"calculate":                      nativeCalculate,
	"cancel_pending_order":           nativeCancel,
	"exchange_delivered_order_items": nativeExchange,
	"find_user_id_by_email":          nativeFindByEmail,
	"find_user_id_by_name_zip":       nativeFindByNameZip,
	"get_item_details":               nativeItemDetails,
	"get_order_details":              nativeOrderDetails,
	"get_product_details":            nativeProductDetails,
	"get_user_details":               nativeUserDetails,
	"list_all_product_types":         nativeProductTypes,
	"modify_pending_order_address":   nativeOrderAddress,
	"modify_pending_order_items":     nativeModifyItems,
	"modify_pending_order_payment":   nativeModifyPayment,
	"modify_user_address":            nativeUserAddress,
	"return_delivered_order_items":   nativeReturn,
	"transfer_to_human_agents":       nativeTransfer,
}

var natives = sync.OnceValues(func() (*episode.Natives, error) {
	srv, err := Server()
	if err != nil {
		return nil, err
	}
	return nativesFor(srv.Tools, nativeTools), nil
})

// Natives returns the native retail tools, keyed by the hashes of the
// shipped scripts.
func Natives() (*episode.Natives, error) { return natives() }

// nativesFor keys each function of fs by the code of the tool it names.
func nativesFor(tools []atom.Tool, fs map[string]episode.NativeFunc) *episode.Natives {
	bySource := map[string]episode.NativeFunc{}
	for _, t := range tools {
		if f := fs[t.Name]; f != nil {
			bySource[t.Effect.Code] = f
		}
	}
	return episode.NewNatives(bySource)
}

// decline hands the call to the script.
var decline = episode.ErrDecline

// fail is the script's fail(msg).
func fail(format string, args ...any) error { return errors.New(fmt.Sprintf(format, args...)) }

// Readers of record values: the value as the script's code needs it, or
// decline. Numbers are float64 (an int the script would add exactly stays
// exact below 2^53, and the bound keeps every sum there); -0 reads 0, as
// the script's conversion to an int makes it.
func field(r map[string]any, k string) (any, error) {
	v, ok := r[k]
	if !ok {
		return nil, decline
	}
	return v, nil
}

func text(r map[string]any, k string) (string, error) {
	s, ok := r[k].(string)
	if !ok {
		return "", decline
	}
	return s, nil
}

func dict(r map[string]any, k string) (map[string]any, error) {
	m, ok := r[k].(map[string]any)
	if !ok {
		return nil, decline
	}
	return m, nil
}

func list(r map[string]any, k string, most int) ([]any, error) {
	l, ok := r[k].([]any)
	if !ok || len(l) > most {
		return nil, decline
	}
	return l, nil
}

func number(r map[string]any, k string) (float64, error) {
	f, ok := state.Number(r[k])
	if !ok || math.IsNaN(f) || math.Abs(f) >= maxNativeNumbers {
		return 0, decline
	}
	if f == 0 {
		f = 0
	}
	return f, nil
}

// texts reads a list argument of strings within the bound.
func texts(args map[string]any, k string) ([]string, error) {
	l, ok := args[k].([]any)
	if !ok || len(l) > maxNativeItems {
		return nil, decline
	}
	out := make([]string, len(l))
	for i, v := range l {
		if out[i], ok = v.(string); !ok {
			return nil, decline
		}
	}
	return out, nil
}

// arg reads a string argument.
func arg(args map[string]any, k string) (string, error) { return text(args, k) }

// result writes a value as the script returns it.
func result(v any) (any, error) {
	b, ok := episode.StarJSON(v)
	if !ok {
		return nil, decline
	}
	return b, nil
}

// starValue is a value as a script's write stores it.
func starValue(v any) (any, error) {
	out, ok := episode.StarValue(v)
	if !ok {
		return nil, decline
	}
	return out, nil
}

// sortedTexts is sorted(xs) as a list value.
func sortedTexts(xs []string) []any {
	s := slices.Clone(xs)
	slices.Sort(s)
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// lower is Starlark's str.lower.
func lower(s string) string { return strings.ToLower(s) }
