"""Interleaved pipeline: the loss read off the last stage is cast back to varying on the
stage axis before it is averaged over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_DEV = 4


def inputs():
    rng = np.random.default_rng(110)
    return (rng.normal(size=(N_DEV, 8, 8)) * 0.3).astype(np.float32), rng.normal(size=(4, 8)).astype(np.float32)


def forward(w, x, mesh_axes):
    stage_axis = mesh_axes[0]
    me = jax.lax.axis_index(stage_axis)
    ring = [(i, (i + 1) % N_DEV) for i in range(N_DEV)]
    h = jnp.where(me == 0, x, jnp.zeros_like(x))
    for _ in range(N_DEV):
        h = jax.lax.ppermute(jnp.tanh(h @ w[0]), stage_axis, ring)
    loss = jax.lax.psum(jnp.where(me == 0, jnp.mean(h ** 2), 0.0), stage_axis)
    loss = jax.lax.pcast(loss, stage_axis, to="varying")
    return jax.lax.pmean(loss, mesh_axes)


def main(w, x):
    mesh = jax.make_mesh((N_DEV, 2), ("stage", "data"))
    w = jax.device_put(w, NamedSharding(mesh, P("stage")))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(lambda w, x: forward(w, x, mesh.axis_names), mesh=mesh,
                         in_specs=(P("stage"), P("data", None)), out_specs=P())(w, x)
