"""The cabinet's outputs: coin lockouts, coin meters, Start lamps and the marquee (gpiozero)."""
