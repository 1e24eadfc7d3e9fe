"""Tensor-parallel plan (colwise/rowwise) resharded into an inference layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TP_PLAN = {"wq": "colwise", "wo": "rowwise"}

TRAIN_STYLES = {
    "colwise": P(None, ("data", "tensor")),
    "rowwise": P(("data", "tensor"), None),
}

INFERENCE_STYLES = {
    "colwise": P(None, "tensor", reduced={"data"}),
    "rowwise": P("data", None, reduced={"tensor"}),
}


def parallelize(params, mesh, plan):
    return {name: jax.device_put(w, NamedSharding(mesh, TRAIN_STYLES[plan[name]])) for name, w in params.items()}


def to_inference(params, plan):
    out = {}
    for name, style in plan.items():
        out[name] = top_level_all_gather(params[name], INFERENCE_STYLES[style])
    return out


def inputs():
    rng = np.random.default_rng(24)
    return ({"wq": rng.normal(size=(4, 16)).astype(np.float32),
             "wo": rng.normal(size=(16, 4)).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "tensor"))
    with jax.set_mesh(mesh):
        placed = parallelize(params, mesh, TP_PLAN)
        return to_inference(placed, TP_PLAN)


if __name__ == "__main__":
    main(*inputs())
