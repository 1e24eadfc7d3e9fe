"""Static analysis shared by the rules: names, shard_map bodies, per-axis states."""
