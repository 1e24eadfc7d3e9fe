"""HF -> native key mapping: fused QKV kernels assembled from tensor-parallel shards."""
import re
from dataclasses import dataclass
from typing import Tuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))


@dataclass(frozen=True)
class Rule:
    pattern: str
    target: str
    gather_axes: Tuple[str, ...]


RULES = [
    Rule(r"model\.layers\.(\d+)\.self_attn\.qkv_proj\.weight", r"blocks.\1.attn.wqkv", ("fsdp",)),
    Rule(r"model\.layers\.(\d+)\.mlp\.down_proj\.weight", r"blocks.\1.mlp.wo", ("fsdp",)),
]


class KeyMapper:
    def __init__(self, rules, head_axis="tp"):
        self.rules = rules
        self.head_axis = head_axis

    def match(self, key):
        for rule in self.rules:
            if re.fullmatch(rule.pattern, key):
                return rule, re.sub(rule.pattern, rule.target, key)
        raise KeyError(key)

    def fuse(self, shard, rule):
        heads = jax.lax.all_gather(shard, self.head_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(heads, rule.gather_axes, axis=0, tiled=True, to="reduced")

    def convert(self, key, tensor):
        rule, new_key = self.match(key)
        fn = jax.shard_map(
            lambda t: self.fuse(t, rule), mesh=MESH,
            in_specs=P("fsdp", "tp"),
            out_specs=P(None, None, reduced={"fsdp", "tp"}),
        )
        return new_key, fn(tensor)


def inputs():
    w = jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8) / 100.0
    return ("model.layers.3.self_attn.qkv_proj.weight",
            jax.device_put(w, NamedSharding(MESH, P("fsdp", "tp"))))


def main(key, tensor):
    return KeyMapper(RULES).convert(key, tensor)


if __name__ == "__main__":
    main(*inputs())
