"""An absl-app-like eval script: FLAGS pick the mesh; a report helper collects the predictions."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FLAGS = types.SimpleNamespace(mesh_shape="2,4", mesh_axes="data,model", eval_steps=2)


def make_mesh():
    shape = tuple(int(s) for s in FLAGS.mesh_shape.split(","))
    return jax.make_mesh(shape, tuple(FLAGS.mesh_axes.split(",")))


def write_report(preds):
    full = top_level_all_gather(preds, P(None, reduced={"data"}))
    return {"mean": jnp.mean(jax.reshard(full, P())), "preds": full}


def evaluate(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    out = x
    for _ in range(FLAGS.eval_steps):
        out = jnp.tanh(out)
    return out


def inputs():
    return (np.linspace(-2.0, 2.0, 16, dtype=np.float32),)


def main(x):
    mesh = make_mesh()
    with jax.set_mesh(mesh):
        preds = evaluate(mesh, x)
    return write_report(preds)
