# Pins the upstream Toxiproxy image the lab uses when it is present locally or can be pulled.
FROM ghcr.io/shopify/toxiproxy:2.12.0
