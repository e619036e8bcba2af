# Pins the upstream Redis image the lab uses when it is present locally or can be pulled.
FROM redis:7.4.2
