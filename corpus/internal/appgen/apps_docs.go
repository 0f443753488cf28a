package main

func init() {
	add(App{ID: "google_sheets", Family: "spreadsheets", AB: true,
		Desc:   "Google Sheets: spreadsheets of worksheets whose rows hold cells keyed by column header.",
		Prefix: map[string]string{"spreadsheets": "1BxiM", "worksheets": "ws_", "rows": "row_"},
		Extra:  map[string]string{"rows": "cells:o"},
		Tools: []T{
			create("add_row", "rows", "spreadsheet_id* worksheet_id* cells*", "Append a row; cells maps column headers to values."),
			update("update_row", "rows", "row=id cells*", "Replace a row's cells (every column you want to keep must be given)."),
			del("delete_row", "rows", "row=id", "Delete a row."),
			search("find_many_rows", "rows", "spreadsheet_id* worksheet_id* row_id row_count:limit", "Find rows of a worksheet."),
			search("get_many_rows", "rows", "spreadsheet_id* worksheet_id* first_row=row_id@gte row_count:limit", "Get rows of a worksheet, from a row number."),
			search("lookup_row", "rows", "spreadsheet_id* worksheet_id* row_id*", "Get a row by its row number."),
			update("format_row", "rows", "row=id background_color text_color text_format_bold text_format_italic text_format_strikethrough", "Format a row."),
			get("get_spreadsheet_by_id", "spreadsheets", "spreadsheet_id=id", "Get a spreadsheet."),
			search("find_spreadsheet", "spreadsheets", "title drive", "Find spreadsheets by title."),
			create("create_spreadsheet", "spreadsheets", "title* headers drive", "Create a spreadsheet."),
			search("find_worksheet", "worksheets", "spreadsheet_id* title", "Find a worksheet of a spreadsheet by title."),
			create("create_worksheet", "worksheets", "spreadsheet_id* title* headers", "Add a worksheet to a spreadsheet.", "overwrite", false),
		}})

	add(App{ID: "airtable", Family: "spreadsheets", AB: true,
		Desc:   "Airtable: bases of tables whose records hold typed fields.",
		Prefix: map[string]string{"actions": "rec_act_", "bases": "app"},
		Extra:  map[string]string{"bases": "name permission_level=none|read|comment|edit|create workspace_id"},
		Colls: []C{
			{Name: "tables", Prefix: "tbl", Fields: "base_id name description primary_field field_names:[]"},
			{Name: "records", Prefix: "rec", Fields: "base_id table_id fields:o created_time:dt",
				Docs: map[string]string{"fields": "Field name -> value"}},
		},
		Tools: []T{
			create("create_record", "records", "base_id* table_id* fields*", "Create a record in a table.", "created_time", "$now"),
			update("updateRecord", "records", "record_id=id fields*", "Update a record's fields (fields not given are cleared)."),
			search("find_records", "records", "base_id* table_id* max_records:limit", "List the records of a table."),
			get("get_record", "records", "record_id=id", "Get a record."),
			del("delete_record", "records", "record_id=id", "Delete a record."),
			search("list_bases", "bases", "name", "List bases you can access."),
			search("list_tables", "tables", "base_id* name", "List the tables of a base."),
			create("create_table", "tables", "base_id* name* description field_names", "Create a table."),
		}})

	add(App{ID: "notion", Family: "docs", AB: true,
		Desc:   "Notion: pages and databases in a workspace; database items are pages with properties; page content is blocks.",
		Prefix: map[string]string{"actions": "nact_"},
		Colls: []C{
			{Name: "pages", Prefix: "pg-", Fields: "parent_id parent_type=page|database|workspace title properties:o icon archived:b url:url created_time:dt last_edited_time:dt"},
			{Name: "databases", Prefix: "db-", Fields: "title parent_id property_names:[] is_inline:b url:url"},
			{Name: "blocks", Prefix: "blk-", Fields: "page_id type=paragraph|heading_1|heading_2|heading_3|to_do|bulleted_list_item|numbered_list_item|quote|callout|code text checked:b"},
		},
		Tools: []T{
			create("create_page", "pages", "parent_id* title* parent_type properties icon", "Create a page under a page or in a database.", "archived", false, "created_time", "$now"),
			create("create_database_item", "pages", "parent_id* title* properties*", "Add an item to a database.", "parent_type", "database", "archived", false, "created_time", "$now"),
			search("find_page", "pages", "title parent_id archived", "Search pages by title."),
			search("query_database", "pages", "parent_id* archived page_size:limit", "List the items of a database."),
			get("get_page", "pages", "page_id=id", "Get a page with its properties."),
			update("update_page", "pages", "page_id=id title properties icon", "Update a page's title or properties.", "last_edited_time", "$now"),
			update("archive_page", "pages", "page_id=id", "Archive (trash) a page.", "archived", true),
			create("append_block", "blocks", "page_id* type* text* checked", "Append a content block to a page."),
			search("list_blocks", "blocks", "page_id* type", "List a page's content blocks."),
			search("find_database", "databases", "title", "Find databases by title."),
		}})

	add(App{ID: "confluence", Family: "docs", AB: true,
		Desc:   "Confluence: team wiki of spaces and versioned pages with labels and comments.",
		Prefix: map[string]string{"actions": "cact_"},
		Colls: []C{
			{Name: "spaces", Key: "key", Fields: "key name type=global|personal status=current|archived description homepage_id"},
			{Name: "pages", Prefix: "98", Fields: "space_key title body status=current|draft|trashed parent_id version:i labels:[] created_by created_at:dt updated_at:dt"},
			{Name: "comments", Prefix: "cmt", Fields: "page_id body author created_at:dt"},
		},
		Tools: []T{
			create("create_page", "pages", "space_key* title* body* parent_id status", "Create a page in a space.", "version", 1, "created_at", "$now"),
			search("find_page", "pages", "space_key title body status label=labels", "Find pages by title, text, space or label."),
			get("get_page", "pages", "page_id=id", "Get a page with its body."),
			update("update_page", "pages", "page_id=id title body", "Publish a new version of a page.", "updated_at", "$now"),
			push("add_label", "pages", "page_id=id label=labels", "Add a label to a page."),
			update("delete_page", "pages", "page_id=id", "Move a page to the trash.", "status", "trashed"),
			create("add_comment", "comments", "page_id* body*", "Comment on a page.", "created_at", "$now"),
			search("list_comments", "comments", "page_id*", "List a page's comments."),
			search("list_spaces", "spaces", "name type status", "List spaces."),
			create("create_space", "spaces", "key* name* description type", "Create a space.", "status", "current"),
		}})

	add(App{ID: "google_docs", Family: "docs",
		Desc: "Google Docs: documents with comments and sharing permissions.",
		Colls: []C{
			{Name: "documents", Prefix: "1Doc", Fields: "title body folder_id owner:email revision_id created_time:dt modified_time:dt"},
			{Name: "comments", Prefix: "AAAB", Fields: "document_id content quoted_text author:email resolved:b created_time:dt"},
			{Name: "permissions", Prefix: "perm", Fields: "document_id email_address:email role=owner|writer|commenter|reader type=user|group|domain|anyone"},
		},
		Tools: []T{
			create("create_document", "documents", "title* body folder_id", "Create a document.", "owner", "me@company.example", "created_time", "$now"),
			search("find_document", "documents", "title body owner folder_id", "Find documents by title or text."),
			get("get_document", "documents", "document_id=id", "Get a document's text."),
			update("replace_document_content", "documents", "document_id=id body*", "Replace a document's text.", "modified_time", "$now"),
			update("rename_document", "documents", "document_id=id title*", "Rename a document.", "modified_time", "$now"),
			create("add_comment", "comments", "document_id* content* quoted_text", "Comment on a document.", "resolved", false, "created_time", "$now"),
			search("list_comments", "comments", "document_id* resolved", "List comments."),
			update("resolve_comment", "comments", "comment_id=id", "Resolve a comment.", "resolved", true),
			create("share_document", "permissions", "document_id* email_address* role* type", "Share a document."),
			search("list_permissions", "permissions", "document_id* role", "List who can access a document."),
		}})

	add(App{ID: "microsoft_excel", Family: "spreadsheets",
		Desc: "Microsoft Excel on OneDrive (Graph): workbooks, worksheets, tables and their rows of values.",
		Colls: []C{
			{Name: "workbooks", Prefix: "01BYE5RZ", Fields: "name webUrl:url createdDateTime:dt lastModifiedDateTime:dt"},
			{Name: "worksheets", Prefix: "{00000000-0001-", Fields: "workbookId name position:i visibility=Visible|Hidden|VeryHidden"},
			{Name: "tables", Prefix: "Table", Fields: "workbookId worksheetId name showHeaders:b columns:[]"},
			{Name: "table_rows", Prefix: "r", Fields: "workbookId tableId index:i values:[]",
				Docs: map[string]string{"values": "Cell values in column order"}},
		},
		Tools: []T{
			search("find_workbooks", "workbooks", "name", "Find workbooks by name."),
			search("list_worksheets", "worksheets", "workbookId* name", "List a workbook's worksheets."),
			create("add_worksheet", "worksheets", "workbookId* name*", "Add a worksheet.", "visibility", "Visible"),
			search("list_tables", "tables", "workbookId* worksheetId name", "List tables."),
			create("create_table", "tables", "workbookId* worksheetId* name* columns*", "Create a table with column names.", "showHeaders", true),
			create("add_table_row", "table_rows", "workbookId* tableId* values*", "Add a row to a table."),
			search("list_table_rows", "table_rows", "workbookId* tableId* top:limit", "List a table's rows."),
			update("update_table_row", "table_rows", "rowId=id values*", "Update a row's values."),
			del("delete_table_row", "table_rows", "rowId=id", "Delete a row."),
		}})

	add(App{ID: "smartsheet", Family: "spreadsheets",
		Desc: "Smartsheet: sheets of rows with cells by column, row locks and discussions.",
		Colls: []C{
			{Name: "sheets", Prefix: "4583", Fields: "name permalink:url accessLevel=OWNER|ADMIN|EDITOR|EDITOR_SHARE|VIEWER column_titles:[] totalRowCount:i createdAt:dt"},
			{Name: "rows", Prefix: "2331", Fields: "sheetId rowNumber:i cells:o parentId locked:b createdAt:dt modifiedAt:dt",
				Docs: map[string]string{"cells": "Column title -> value"}},
			{Name: "discussions", Prefix: "7890", Fields: "sheetId rowId title comment createdBy:email createdAt:dt"},
		},
		Tools: []T{
			search("list_sheets", "sheets", "name accessLevel", "List sheets."),
			get("get_sheet", "sheets", "sheetId=id", "Get a sheet."),
			create("create_sheet", "sheets", "name* column_titles*", "Create a sheet with columns.", "accessLevel", "OWNER", "createdAt", "$now"),
			create("add_row", "rows", "sheetId* cells* parentId", "Add a row to a sheet.", "locked", false, "createdAt", "$now"),
			search("search_rows", "rows", "sheetId* rowNumber parentId locked", "List rows of a sheet."),
			update("update_row", "rows", "rowId=id cells*", "Update a row's cells.", "modifiedAt", "$now"),
			update("lock_row", "rows", "rowId=id", "Lock a row against edits.", "locked", true),
			del("delete_row", "rows", "rowId=id", "Delete a row."),
			create("create_discussion", "discussions", "sheetId* rowId title* comment*", "Start a discussion on a sheet or a row.", "createdAt", "$now"),
			search("list_discussions", "discussions", "sheetId* rowId", "List discussions."),
		}})

	add(App{ID: "coda", Family: "docs",
		Desc: "Coda: docs that hold tables; rows have values by column.",
		Colls: []C{
			{Name: "docs", Prefix: "AbCd", Fields: "name owner:email folder_id browser_link:url created_at:dt"},
			{Name: "tables", Prefix: "grid-", Fields: "doc_id name table_type=table|view row_count:i"},
			{Name: "rows", Prefix: "i-", Fields: "doc_id table_id name values:o created_at:dt updated_at:dt",
				Docs: map[string]string{"name": "Display value of the row", "values": "Column name -> value"}},
		},
		Tools: []T{
			search("list_docs", "docs", "name owner", "List docs."),
			create("create_doc", "docs", "name* folder_id", "Create a doc.", "owner", "me@company.example", "created_at", "$now"),
			search("list_tables", "tables", "doc_id* name table_type", "List a doc's tables and views."),
			search("list_rows", "rows", "doc_id* table_id* query=name limit:limit", "List rows, optionally matching a display value."),
			get("get_row", "rows", "row_id=id", "Get a row."),
			create("insert_row", "rows", "doc_id* table_id* name* values*", "Insert a row.", "created_at", "$now"),
			update("update_row", "rows", "row_id=id values*", "Update a row's values.", "updated_at", "$now"),
			del("delete_row", "rows", "row_id=id", "Delete a row."),
		}})

	add(App{ID: "quip", Family: "docs",
		Desc: "Quip: threads (documents, spreadsheets, chats) in shared folders, with message comments.",
		Colls: []C{
			{Name: "threads", Prefix: "TfA", Fields: "title type=document|spreadsheet|chat link:url author_id folder_ids:[] html updated_usec:dt"},
			{Name: "messages", Prefix: "TfAm", Fields: "thread_id author_id text created_usec:dt"},
			{Name: "folders", Prefix: "BcA", Fields: "title color=manila|red|orange|green|blue|purple|yellow parent_id member_ids:[]"},
		},
		Tools: []T{
			create("new_document", "threads", "title* html* type folder_ids", "Create a document or spreadsheet.", "updated_usec", "$now"),
			search("search_threads", "threads", "query=title type author_id", "Search threads by title."),
			get("get_thread", "threads", "thread_id=id", "Get a thread's content."),
			update("edit_document", "threads", "thread_id=id html*", "Replace a document's content.", "updated_usec", "$now"),
			push("add_to_folder", "threads", "thread_id=id folder_id=folder_ids", "Add a thread to a folder."),
			create("new_message", "messages", "thread_id* text*", "Comment on a thread.", "created_usec", "$now"),
			search("get_messages", "messages", "thread_id*", "List a thread's messages."),
			create("new_folder", "folders", "title* parent_id color member_ids", "Create a folder."),
			search("list_folders", "folders", "title parent_id", "List folders."),
		}})
}
