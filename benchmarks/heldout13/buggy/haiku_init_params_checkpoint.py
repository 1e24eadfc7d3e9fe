"""Haiku-style init: a hand-written `transform(f).init` builds the params dict, which is laid
out on the mesh by a spec tree and then collected for a checkpoint."""
import collections

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

Transformed = collections.namedtuple("Transformed", ["init", "apply"])
PARAM_SPECS = {"mlp/~/linear_0": {"w": P("data", "model"), "b": P("model")},
               "mlp/~/linear_1": {"w": P("model", None), "b": P(None)}}


def transform(fn):
    def init(rng, shapes):
        params = {}
        for name, (d_in, d_out) in shapes.items():
            rng, sub = jax.random.split(rng)
            params[name] = {"w": jax.random.normal(sub, (d_in, d_out)) / d_in ** 0.5,
                            "b": jnp.zeros((d_out,))}
        return params
    return Transformed(init, fn)


def mlp(params, x):
    h = jax.nn.relu(x @ params["mlp/~/linear_0"]["w"] + params["mlp/~/linear_0"]["b"])
    return h @ params["mlp/~/linear_1"]["w"] + params["mlp/~/linear_1"]["b"]


def main(mesh):
    model = transform(mlp)
    params = model.init(jax.random.key(18), {"mlp/~/linear_0": (8, 16), "mlp/~/linear_1": (16, 4)})
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params,
                          PARAM_SPECS)
    with jax.set_mesh(mesh):
        kernel = top_level_all_gather(params["mlp/~/linear_0"]["w"], P(None, "model"))
    return kernel


def inputs():
    return (jax.make_mesh((2, 4), ("data", "model")),)
