"""Scanned transformer layers under remat; the auxiliary loss is averaged over the whole mesh."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def layer(h, w, *, tp_axis):
    out = jax.lax.psum(h @ w, tp_axis)
    aux = (out ** 2).mean()
    width = h.shape[-1]
    mine = jax.lax.dynamic_slice_in_dim(jnp.tanh(out), jax.lax.axis_index(tp_axis) * width, width, axis=1)
    return mine, aux


def scan_stack(ws, h, *, tp_axis, mesh_axes, remat=True):
    body = functools.partial(layer, tp_axis=tp_axis)
    if remat:
        body = jax.checkpoint(body, prevent_cse=False)
    h, aux = jax.lax.scan(body, h, ws)
    aux_loss = jax.lax.pmean(aux.mean(), mesh_axes)
    return h, aux_loss


def inputs():
    mesh = jax.make_mesh((4, 2), ("batch", "tensor"))
    rng = np.random.default_rng(53)
    ws = jax.device_put(rng.normal(size=(3, 8, 8)).astype(np.float32) * 0.3,
                        NamedSharding(mesh, P(None, "tensor", None)))
    h = jax.device_put(rng.normal(size=(16, 8)).astype(np.float32), NamedSharding(mesh, P("batch", "tensor")))
    return mesh, ws, h


def main(mesh, ws, h):
    fn = functools.partial(scan_stack, tp_axis="tensor", mesh_axes=tuple(mesh.axis_names))
    f = jax.shard_map(fn, mesh=mesh, in_specs=(P(None, "tensor", None), P("batch", "tensor")),
                      out_specs=(P("batch", "tensor"), P()))
    return f(ws, h)


if __name__ == "__main__":
    main(*inputs())
