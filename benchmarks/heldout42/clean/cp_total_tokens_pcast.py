"""Context-parallel packing: total valid tokens per sequence across the context shards."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "cp"))


@dataclass
class ContextParallelConfig:
    cp_axis: str = "cp"
    dp_axis: str = "dp"
    load_balance: bool = True

    @property
    def token_spec(self):
        return P(self.dp_axis, self.cp_axis)


def valid_token_counts(mask, config):
    local = jnp.sum(mask, axis=1, keepdims=True)
    total = jax.lax.psum(local, config.cp_axis)
    total = jax.lax.pcast(total, config.cp_axis, to="varying")
    return jax.lax.all_gather(total, config.cp_axis, axis=1, tiled=True, to="reduced")


def inputs():
    mask = (jnp.arange(4 * 32).reshape(4, 32) % 7 != 0).astype(jnp.float32)
    return (jax.device_put(mask, NamedSharding(MESH, P("dp", "cp"))),)


def main(mask):
    config = ContextParallelConfig()
    fn = jax.shard_map(lambda m: valid_token_counts(m, config), mesh=MESH,
                       in_specs=config.token_spec,
                       out_specs=P(config.dp_axis, None, reduced={config.cp_axis}))
    return fn(mask)


if __name__ == "__main__":
    main(*inputs())
