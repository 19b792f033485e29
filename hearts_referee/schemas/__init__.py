"""marshmallow schemas: the JSON shapes the HTTP layer loads and dumps."""
