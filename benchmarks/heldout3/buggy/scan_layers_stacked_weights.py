"""Stacked layer weights scanned over; each layer's kernel is gathered in two steps."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("data", "model")
DATA, MODEL = MESH_AXES


def run_layers(stacked, x):
    def layer(h, w):
        w_rows = lax.all_gather(w, DATA, axis=0, tiled=True, to="reduced")
        w_rows = w_rows.reshape(w_rows.shape[0], -1)
        w_full = lax.all_gather(w_rows, MESH_AXES, axis=1, tiled=True, to="reduced")
        return h, jnp.tanh(h @ w_full)

    _, per_layer = lax.scan(layer, x, stacked)
    return per_layer.sum(axis=0)


def inputs():
    return np.ones((3, 8, 8), np.float32) / 8, np.ones((2, 8), np.float32)


def main(stacked, x):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    stacked = jax.device_put(stacked, NamedSharding(mesh, P(None, DATA, MODEL)))
    x = jax.device_put(x, NamedSharding(mesh, P()))
    f = jax.shard_map(run_layers, mesh=mesh, in_specs=(P(None, DATA, MODEL), P()), out_specs=P())
    return f(stacked, x)


if __name__ == "__main__":
    print(main(*inputs()))
