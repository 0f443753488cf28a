package tau2

import (
	"embed"
	"fmt"

	"github.com/legoenv/legoenv/atom"
)

//go:embed star/*.star
var starFiles embed.FS

// ServerID is the id of the retail server atom.
const ServerID = "tau2-retail"

// toolSpec is one retail tool: what the agent reads and its arguments.
type toolSpec struct {
	name, desc string
	args       []argSpec
}

type argSpec struct {
	name, typ, desc string
}

// The descriptions follow tau2's tool docstrings; the behaviour is in
// star/<tool>.star.
var toolSpecs = []toolSpec{
	{"calculate", "Calculate the result of a mathematical expression.", []argSpec{
		{"expression", "string", "The mathematical expression to calculate, such as '2 + 2'. The expression can contain numbers, operators (+, -, *, /), parentheses, and spaces."}}},
	{"cancel_pending_order", "Cancel a pending order. If the order is already processed or delivered, it cannot be cancelled. The agent needs to explain the cancellation detail and ask for explicit user confirmation (yes/no) to proceed. If the user confirms, the order status will be changed to 'cancelled' and the payment will be refunded. The refund will be added to the user's gift card balance immediately if the payment was made using a gift card, otherwise the refund would take 5-7 business days to process. The function returns the order details after the cancellation.", []argSpec{
		{"order_id", "string", "The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id."},
		{"reason", "string", "The reason for cancellation, which should be either 'no longer needed' or 'ordered by mistake'."}}},
	{"exchange_delivered_order_items", "Exchange items in a delivered order to new items of the same product type. For a delivered order, return or exchange can be only done once by the agent. The agent needs to explain the exchange detail and ask for explicit user confirmation (yes/no) to proceed.", []argSpec{
		{"order_id", "string", "The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id."},
		{"item_ids", "array", "The item ids to be exchanged, each such as '1008292230'. There could be duplicate items in the list."},
		{"new_item_ids", "array", "The item ids to be exchanged for, each such as '1008292230'. There could be duplicate items in the list. Each new item id should match the item id in the same position and be of the same product."},
		{"payment_method_id", "string", "The payment method id to pay or receive refund for the item price difference, such as 'gift_card_0000000' or 'credit_card_0000000'. These can be looked up from the user or order details."}}},
	{"find_user_id_by_name_zip", "Find user id by first name, last name, and zip code. If the user is not found, the function will return an error message. By default, find user id by email, and only call this function if the user is not found by email or cannot remember email.", []argSpec{
		{"first_name", "string", "The first name of the customer, such as 'John'."},
		{"last_name", "string", "The last name of the customer, such as 'Doe'."},
		{"zip", "string", "The zip code of the customer, such as '12345'."}}},
	{"find_user_id_by_email", "Find user id by email. If the user is not found, the function will return an error message.", []argSpec{
		{"email", "string", "The email of the user, such as 'something@example.com'."}}},
	{"get_order_details", "Get the status and details of an order.", []argSpec{
		{"order_id", "string", "The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id."}}},
	{"get_product_details", "Get the inventory details of a product.", []argSpec{
		{"product_id", "string", "The product id, such as '6086499569'. Be careful the product id is different from the item id."}}},
	{"get_item_details", "Get the inventory details of an item.", []argSpec{
		{"item_id", "string", "The item id, such as '6086499569'. Be careful the item id is different from the product id."}}},
	{"get_user_details", "Get the details of a user, including their orders.", []argSpec{
		{"user_id", "string", "The user id, such as 'sara_doe_496'."}}},
	{"list_all_product_types", "List the name and product id of all product types. Each product type has a variety of different items with unique item ids and options. There are only 50 product types in the store.", nil},
	{"modify_pending_order_address", "Modify the shipping address of a pending order. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.", addressArgs("order_id", "The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id.")},
	{"modify_pending_order_items", "Modify items in a pending order to new items of the same product type. For a pending order, this function can only be called once. The agent needs to explain the exchange detail and ask for explicit user confirmation (yes/no) to proceed.", []argSpec{
		{"order_id", "string", "The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id."},
		{"item_ids", "array", "The item ids to be modified, each such as '1008292230'. There could be duplicate items in the list."},
		{"new_item_ids", "array", "The item ids to be modified for, each such as '1008292230'. There could be duplicate items in the list. Each new item id should match the item id in the same position and be of the same product."},
		{"payment_method_id", "string", "The payment method id to pay or receive refund for the item price difference, such as 'gift_card_0000000' or 'credit_card_0000000'. These can be looked up from the user or order details."}}},
	{"modify_pending_order_payment", "Modify the payment method of a pending order. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.", []argSpec{
		{"order_id", "string", "The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id."},
		{"payment_method_id", "string", "The payment method id to pay or receive refund for the item price difference, such as 'gift_card_0000000' or 'credit_card_0000000'. These can be looked up from the user or order details."}}},
	{"modify_user_address", "Modify the default address of a user. The agent needs to explain the modification detail and ask for explicit user confirmation (yes/no) to proceed.", addressArgs("user_id", "The user id, such as 'sara_doe_496'.")},
	{"return_delivered_order_items", "Return some items of a delivered order. The order status will be changed to 'return requested'. The agent needs to explain the return detail and ask for explicit user confirmation (yes/no) to proceed. The user will receive follow-up email for how and where to return the item.", []argSpec{
		{"order_id", "string", "The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id."},
		{"item_ids", "array", "The item ids to be returned, each such as '1008292230'. There could be duplicate items in the list."},
		{"payment_method_id", "string", "The payment method id to pay or receive refund for the item price difference, such as 'gift_card_0000000' or 'credit_card_0000000'. These can be looked up from the user or order details."}}},
	{"transfer_to_human_agents", "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if the user explicitly asks for a human agent, or given the policy and the available tools, you cannot solve the user's issue.", []argSpec{
		{"summary", "string", "A summary of the user's issue."}}},
}

// IsWriteTool says whether tau2 marks the named tool as changing the
// database.
func IsWriteTool(name string) bool { return writeTools[name] }

// writeTools are the tools tau2 marks as changing the database.
var writeTools = map[string]bool{
	"cancel_pending_order": true, "exchange_delivered_order_items": true, "modify_pending_order_address": true,
	"modify_pending_order_items": true, "modify_pending_order_payment": true, "modify_user_address": true,
	"return_delivered_order_items": true,
}

func addressArgs(idName, idDesc string) []argSpec {
	return []argSpec{
		{idName, "string", idDesc},
		{"address1", "string", "The first line of the address, such as '123 Main St'."},
		{"address2", "string", "The second line of the address, such as 'Apt 1' or ''."},
		{"city", "string", "The city, such as 'San Francisco'."},
		{"state", "string", "The state, such as 'CA'."},
		{"country", "string", "The country, such as 'USA'."},
		{"zip", "string", "The zip code, such as '12345'."},
	}
}

// Server returns the retail server atom.
func Server() (*atom.Server, error) {
	prelude, err := starFiles.ReadFile("star/prelude.star")
	if err != nil {
		return nil, err
	}
	s := &atom.Server{
		Kind:        atom.KindServer,
		ID:          ServerID,
		App:         App,
		Family:      "ecommerce",
		Description: "tau2-bench retail: an online store's customer-service back office (products and their variants, users with payment methods, orders with payments, fulfilments, returns and exchanges). Tools and error messages follow tau2-bench.",
		Collections: collectionDefs(),
	}
	for _, t := range toolSpecs {
		code, err := starFiles.ReadFile("star/" + t.name + ".star")
		if err != nil {
			return nil, fmt.Errorf("tool %s: %w", t.name, err)
		}
		s.Tools = append(s.Tools, atom.Tool{
			Name:        t.name,
			Description: t.desc,
			Input:       inputSchema(t.args),
			Effect:      atom.Effect{Kind: "starlark", Code: string(prelude) + "\n" + string(code)},
		})
	}
	return s, nil
}

func inputSchema(args []argSpec) map[string]any {
	props := map[string]any{}
	required := []any{}
	for _, a := range args {
		p := map[string]any{"type": a.typ, "description": a.desc}
		if a.typ == "array" {
			p["items"] = map[string]any{"type": "string"}
		}
		props[a.name] = p
		required = append(required, a.name)
	}
	// tau2 calls the tool with the arguments as keyword arguments: a
	// missing or unknown one is an error there too.
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
}

func collectionDefs() []atom.Collection {
	str := func(d string) atom.Field { return atom.Field{Type: "string", Description: d} }
	obj := func(d string) atom.Field { return atom.Field{Type: "object", Description: d} }
	arr := func(d string) atom.Field { return atom.Field{Type: "array", Description: d} }
	return []atom.Collection{
		{Name: "products", Key: "product_id", Description: "product types, each with its variants (items) by item id", Fields: map[string]atom.Field{
			"product_id": str("10 digits"),
			"name":       str("the product type, e.g. Mechanical Keyboard"),
			"variants":   obj("item_id -> {item_id, options, available, price}"),
		}},
		{Name: "users", Key: "user_id", Description: "customers", Fields: map[string]atom.Field{
			"user_id":         str("first_last_NNNN"),
			"name":            obj("{first_name, last_name}"),
			"address":         obj("default address {address1, address2, city, country, state, zip}"),
			"email":           {Type: "string", Format: "email"},
			"payment_methods": obj("id -> {source: credit_card|paypal|gift_card, id, brand, last_four, balance}"),
			"orders":          arr("order ids"),
		}},
		{Name: "orders", Key: "order_id", Description: "orders; the id starts with #", Fields: map[string]atom.Field{
			"order_id":                   str("#W and 7 digits"),
			"user_id":                    str("the customer"),
			"address":                    obj("shipping address"),
			"items":                      arr("{name, product_id, item_id, price, options}"),
			"status":                     {Type: "string", Enum: []any{"processed", "pending", "pending (item modified)", "delivered", "cancelled", "exchange requested", "return requested"}},
			"fulfillments":               arr("{tracking_id, item_ids}"),
			"payment_history":            arr("{transaction_type: payment|refund, amount, payment_method_id}"),
			"cancel_reason":              str("set on cancellation"),
			"exchange_items":             arr("item ids to exchange, sorted"),
			"exchange_new_items":         arr("new item ids, sorted"),
			"exchange_payment_method_id": str("pays or receives the exchange's price difference"),
			"exchange_price_difference":  {Type: "number"},
			"return_items":               arr("item ids to return, sorted"),
			"return_payment_method_id":   str("receives the refund"),
		}},
	}
}
