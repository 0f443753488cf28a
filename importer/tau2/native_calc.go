package tau2

import (
	"math"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/episode"
)

// calculate natively (star/calculate.star): the same tokens, the same
// shunting-yard and the same errors in the same order. It declines what
// needs the script's arbitrary-precision integers or its power and floor
// division: "**", "//", and integers past 2^53.

// calcValue is a Starlark int (exact below 2^53) or float.
type calcValue struct {
	isInt bool
	i     int64
	f     float64
}

func (v calcValue) float() float64 {
	if v.isInt {
		return float64(v.i)
	}
	return v.f
}

const (
	maxCalcInt  = 1 << 53
	maxCalcText = 200 // bytes of an expression
)

func calcInt(i int64) (calcValue, error) {
	if i >= maxCalcInt || i <= -maxCalcInt {
		return calcValue{}, decline
	}
	return calcValue{isInt: true, i: i}, nil
}

type calcToken struct {
	num  bool
	text string
}

func nativeCalculate(_ *episode.NativeDB, args map[string]any) (any, error) {
	expr, err := arg(args, "expression")
	if err != nil {
		return nil, err
	}
	if len(expr) > maxCalcText {
		return nil, decline // the script's steps grow with the text
	}
	for i := 0; i < len(expr); i++ {
		if expr[i] >= 0x80 || !strings.ContainsRune("0123456789+-*/(). ", rune(expr[i])) {
			return nil, fail("Invalid characters in expression")
		}
	}
	v, err := calcEvaluate(calcTokens(expr))
	if err != nil {
		return nil, err
	}
	r, err := round2(v.float())
	if err != nil {
		return nil, err
	}
	return pyFloat(r), nil
}

func calcTokens(expr string) []calcToken {
	var out []calcToken
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case c == ' ':
			i++
		case c >= '0' && c <= '9' || c == '.':
			j := i
			for j < len(expr) && (expr[j] >= '0' && expr[j] <= '9' || expr[j] == '.') {
				j++
			}
			out = append(out, calcToken{true, expr[i:j]})
			i = j
		case i+2 <= len(expr) && (expr[i:i+2] == "**" || expr[i:i+2] == "//"):
			out = append(out, calcToken{false, expr[i : i+2]})
			i += 2
		default:
			out = append(out, calcToken{false, expr[i : i+1]})
			i++
		}
	}
	return out
}

// calcNumber is the script's number(text).
func calcNumber(text string) (calcValue, error) {
	if strings.Count(text, ".") > 1 || text == "." {
		return calcValue{}, fail("invalid syntax")
	}
	if strings.Contains(text, ".") {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsInf(f, 0) {
			return calcValue{}, decline
		}
		return calcValue{f: f}, nil
	}
	if len(text) > 1 && text[0] == '0' && strings.TrimLeft(text, "0") != "" {
		return calcValue{}, fail("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")
	}
	if len(text) > 16 {
		return calcValue{}, decline
	}
	i, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return calcValue{}, decline
	}
	return calcInt(i)
}

// calcApply is the script's apply(op, a, b) for + - * and /.
func calcApply(op string, a, b calcValue) (calcValue, error) {
	if op == "/" {
		if b.float() == 0 {
			if !a.isInt || !b.isInt {
				return calcValue{}, fail("float division by zero")
			}
			return calcValue{}, fail("division by zero")
		}
		return calcValue{f: a.float() / b.float()}, nil
	}
	if a.isInt && b.isInt {
		switch op {
		case "+":
			return calcInt(a.i + b.i)
		case "-":
			return calcInt(a.i - b.i)
		case "*":
			if b.i != 0 && abs64(a.i) > maxCalcInt/abs64(b.i) {
				return calcValue{}, decline
			}
			return calcInt(a.i * b.i)
		}
	}
	x, y := a.float(), b.float()
	switch op {
	case "+":
		return calcValue{f: x + y}, nil
	case "-":
		return calcValue{f: x - y}, nil
	case "*":
		return calcValue{f: x * y}, nil
	}
	return calcValue{}, decline // "**", "//": the script's
}

func abs64(i int64) int64 {
	if i < 0 {
		return -i
	}
	return i
}

var calcPrec = map[string]int{"+": 1, "-": 1, "*": 2, "/": 2, "//": 2, "u+": 3, "u-": 3, "**": 4}

// calcReduce is the script's reduce(ops, vals).
func calcReduce(ops *[]string, vals *[]calcValue) error {
	op := (*ops)[len(*ops)-1]
	*ops = (*ops)[:len(*ops)-1]
	n := len(*vals)
	if op == "u+" || op == "u-" {
		if n == 0 {
			return fail("invalid syntax")
		}
		if op == "u-" {
			v := (*vals)[n-1]
			v.i, v.f = -v.i, -v.f
			(*vals)[n-1] = v
		}
		return nil
	}
	if n < 2 {
		return fail("invalid syntax")
	}
	r, err := calcApply(op, (*vals)[n-2], (*vals)[n-1])
	if err != nil {
		return err
	}
	*vals = append((*vals)[:n-2], r)
	return nil
}

// calcEvaluate is the script's evaluate(toks).
func calcEvaluate(toks []calcToken) (calcValue, error) {
	var ops []string
	var vals []calcValue
	expectOperand := true
	for _, tk := range toks {
		t := tk.text
		var err error
		switch {
		case tk.num:
			if !expectOperand {
				return calcValue{}, fail("invalid syntax")
			}
			v, err := calcNumber(t)
			if err != nil {
				return calcValue{}, err
			}
			vals = append(vals, v)
			expectOperand = false
		case t == "(":
			if !expectOperand {
				return calcValue{}, fail("invalid syntax")
			}
			ops = append(ops, "(")
		case t == ")":
			if expectOperand {
				return calcValue{}, fail("invalid syntax")
			}
			err = calcClose(&ops, &vals)
		case expectOperand:
			if t != "+" && t != "-" {
				return calcValue{}, fail("invalid syntax")
			}
			ops = append(ops, "u"+t)
		default:
			err = calcBinary(&ops, &vals, t)
			expectOperand = true
		}
		if err != nil {
			return calcValue{}, err
		}
	}
	if expectOperand {
		return calcValue{}, fail("invalid syntax")
	}
	for len(ops) > 0 {
		if ops[len(ops)-1] == "(" {
			return calcValue{}, fail("'(' was never closed")
		}
		if err := calcReduce(&ops, &vals); err != nil {
			return calcValue{}, err
		}
	}
	if len(vals) != 1 {
		return calcValue{}, fail("invalid syntax")
	}
	return vals[0], nil
}

// calcClose reduces back to the matching "(" and drops it.
func calcClose(ops *[]string, vals *[]calcValue) error {
	for {
		if len(*ops) == 0 {
			return fail("unmatched ')'")
		}
		if (*ops)[len(*ops)-1] == "(" {
			break
		}
		if err := calcReduce(ops, vals); err != nil {
			return err
		}
	}
	*ops = (*ops)[:len(*ops)-1]
	return nil
}

// calcBinary reduces what binds at least as tightly as t (** is
// right-associative) and pushes t.
func calcBinary(ops *[]string, vals *[]calcValue, t string) error {
	p, ok := calcPrec[t]
	if !ok {
		return fail("invalid syntax")
	}
	for len(*ops) > 0 && (*ops)[len(*ops)-1] != "(" {
		top := calcPrec[(*ops)[len(*ops)-1]]
		if !(top > p || top == p && t != "**") {
			break
		}
		if err := calcReduce(ops, vals); err != nil {
			return err
		}
	}
	*ops = append(*ops, t)
	return nil
}

// pyFloat is the prelude's pyfloat: a float as Python's str writes it.
func pyFloat(x float64) string {
	sign := ""
	if math.Signbit(x) {
		sign = "-"
	}
	if x == 0 {
		return sign + "0.0"
	}
	s := strconv.FormatFloat(math.Abs(x), 'e', -1, 64) // d.ddde±XX
	mant, e, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(e)
	digits := strings.TrimRight(strings.Replace(mant, ".", "", 1), "0")
	switch {
	case exp < -4 || exp >= 16:
		m := digits[:1]
		if len(digits) > 1 {
			m += "." + digits[1:]
		}
		es, ea := "+", exp
		if exp < 0 {
			es, ea = "-", -exp
		}
		return sign + m + "e" + es + fmt2(ea)
	case exp < 0:
		return sign + "0." + strings.Repeat("0", -exp-1) + digits
	case len(digits) <= exp+1:
		return sign + digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
	}
	return sign + digits[:exp+1] + "." + digits[exp+1:]
}

// fmt2 writes n with at least two digits.
func fmt2(n int) string {
	s := strconv.Itoa(n)
	if len(s) < 2 {
		s = "0" + s
	}
	return s
}
