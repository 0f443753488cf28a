package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/openai/openai-go/v3/option"
)

// Ping asks the endpoint for one tiny completion, once, without retries, so
// that a run of many requests can stop at once when nobody answers. It
// returns nil when the server answered: with a completion, or with a client
// error other than 401, 403 and 404 (a server that dislikes a one-token
// request is still there). A refused connection, a timeout, a 5xx, a
// rejected key or an unknown model or path is an error naming the endpoint.
func (c *Client) Ping(ctx context.Context) error {
	payload, err := json.Marshal(wireRequest{Model: c.cfg.Model, Messages: []Message{{Role: RoleUser, Content: "Reply with OK."}}, MaxTokens: 1})
	if err != nil {
		return fmt.Errorf("encode request: %w", err)
	}
	var (
		body []byte
		last *http.Response
	)
	err = c.sdk.Post(ctx, "chat/completions", payload, &body, option.WithMaxRetries(0), option.WithResponseInto(&last))
	if err == nil {
		return nil
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return ctxErr
	}
	where := fmt.Sprintf("model %s at %s", c.cfg.Model, c.cfg.BaseURL)
	if last == nil || last.StatusCode < 400 {
		return fmt.Errorf("%s does not answer: %w", where, err)
	}
	ae := apiError(last)
	switch {
	case ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden:
		return fmt.Errorf("%s refuses the API key: %w", where, ae)
	case ae.Status == http.StatusNotFound:
		return fmt.Errorf("%s: no such model or API path (the base URL usually ends in /v1): %w", where, ae)
	case ae.Status >= 500:
		return fmt.Errorf("%s fails: %w", where, ae)
	}
	return nil
}
