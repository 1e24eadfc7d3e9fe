"""Cloth tearing: edges whose strain exceeds the tear limit are marked broken."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class TearConfig:
    limit: float = 0.02
    axes: dict = dataclasses.field(default_factory=lambda: {"cloth": "cloth", "patch": "patch"})


def strain_table(edge_len, rest_len, axis):
    strain = edge_len / rest_len - 1.0
    return jax.lax.all_gather(strain, axis, to="invarying", tiled=True)


def broken_edges(edge_len, rest_len, cfg: TearConfig):
    table = strain_table(edge_len, rest_len, cfg.axes["patch"])
    over = jax.nn.relu(table)
    return jnp.count_nonzero(over > cfg.limit)


def inputs():
    mesh = jax.make_mesh((2, 4), ("cloth", "patch"))
    edge = 1.0 + 0.03 * jnp.sin(jnp.arange(4 * 16, dtype=jnp.float32)).reshape(4, 16)
    s = NamedSharding(mesh, P("cloth", "patch"))
    return mesh, jax.device_put(edge, s), jax.device_put(jnp.ones((4, 16), jnp.float32), s)


def main(mesh, edge, rest):
    cfg = TearConfig()
    body = lambda e, r: jax.lax.psum(broken_edges(e, r, cfg), cfg.axes["cloth"])
    return jax.shard_map(body, mesh=mesh, in_specs=(P("cloth", "patch"), P("cloth", "patch")),
                         out_specs=P())(edge, rest)
