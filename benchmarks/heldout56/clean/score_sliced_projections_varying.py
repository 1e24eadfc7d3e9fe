"""Sliced score matching: random projections shared by all pixel shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PIXEL = "pixel"


def gather_projections(v, axis_name=PIXEL):
    return jax.lax.all_gather(v, axis_name, axis=1, tiled=True)


def projection_norms(v, axis_name=PIXEL):
    full = gather_projections(v, axis_name)
    sq = jnp.sum(full * full, axis=-1)
    return jax.lax.psum(sq, axis_name)


def ssm_loss(score, v, *, axis_name=PIXEL, n_particles=1):
    vs = jnp.sum(v * score, axis=-1)
    vs = jax.lax.psum(vs, axis_name)
    norms = projection_norms(v, axis_name=axis_name)
    return 0.5 * vs ** 2 / n_particles, norms


def inputs():
    rng = np.random.default_rng(4)
    score = rng.standard_normal((8, 16), dtype=np.float32)
    v = rng.standard_normal((8, 16), dtype=np.float32)
    return score, v


def main(score, v):
    mesh = jax.make_mesh((4, 2), ("batch", PIXEL))
    score = jax.device_put(score, NamedSharding(mesh, P("batch", PIXEL)))
    v = jax.device_put(v, NamedSharding(mesh, P("batch", PIXEL)))
    body = functools.partial(ssm_loss, n_particles=2)
    loss, norms = jax.shard_map(body, mesh=mesh, in_specs=(P("batch", PIXEL), P("batch", PIXEL)),
                                out_specs=(P("batch"), P("batch")))(score, v)
    print(loss, norms)
    return loss


if __name__ == "__main__":
    main(*inputs())
