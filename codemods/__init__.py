"""shardfix: find and fix JAX shard_map code that breaks the manual-axis type rules."""

__version__ = "0.1.0"
