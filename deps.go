//go:build tools

package main

import (
	_ "github.com/google/cel-go/cel"
	_ "github.com/mattn/go-isatty"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
	_ "github.com/nats-io/nats-server/v2/server"
	_ "github.com/nats-io/nats.go"
	_ "github.com/openai/openai-go/v3"
	_ "github.com/prometheus/client_golang/prometheus"
	_ "github.com/santhosh-tekuri/jsonschema/v6"
	_ "github.com/schollz/progressbar/v3"
	_ "github.com/spf13/cobra"
	_ "go.starlark.net/starlark"
	_ "go.yaml.in/yaml/v3"
	_ "golang.org/x/sync/errgroup"
	_ "modernc.org/sqlite"
)
