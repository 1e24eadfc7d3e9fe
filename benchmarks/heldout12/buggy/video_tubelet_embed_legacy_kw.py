"""Video transformer tubelet embedding; old experimental shard_map calls beside new ones."""
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map as legacy_shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"frames": "t", "hidden": "h"}
TUBELET = 2


def embed(clip, proj):
    t, hw, c = clip.shape
    tubes = clip.reshape(t // TUBELET, TUBELET * hw * c)
    return tubes @ proj


def main(mesh, clip, proj):
    t_ax, h_ax = AXES["frames"], AXES["hidden"]

    def tokens(clip, proj):
        return embed(clip, jax.lax.all_gather(proj, t_ax, axis=0, tiled=True))

    def export(proj):
        rows = jax.lax.all_gather(proj, t_ax, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, (h_ax, t_ax), axis=1, tiled=True, to="reduced")

    tok = legacy_shard_map(tokens, mesh=mesh, in_specs=(P(t_ax, None, None), P(t_ax, h_ax)),
                           out_specs=P(t_ax, h_ax), check_rep=True)(clip, proj)
    full = jax.shard_map(export, mesh=mesh, in_specs=P(t_ax, h_ax),
                         out_specs=P(None, None, reduced={t_ax, h_ax}))(proj)
    return tok, full


def inputs():
    mesh = jax.make_mesh((4, 2), ("t", "h"))
    clip = jax.random.uniform(jax.random.key(10), (16, 4, 3))
    proj = jax.random.normal(jax.random.key(11), (24, 8))
    return (mesh, jax.device_put(clip, NamedSharding(mesh, P("t", None, None))),
            jax.device_put(proj, NamedSharding(mesh, P("t", "h"))))
