"""Tagger head export: the classifier params placed by tree.map, gathered for ONNX conversion."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"head": {"kernel": P(("clips", "classes"), None), "bias": P(("clips", "classes"))}}
EXPORT_SPECS = {"kernel": P("classes", None), "bias": P(None, reduced={"clips", "classes"})}


def place(params, mesh):
    return jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), params, PARAM_SPECS)


def export_head(params):
    return {name: top_level_all_gather(params["head"][name], EXPORT_SPECS[name])
            for name in ("bias", "kernel")}


def inputs():
    return ({"head": {"kernel": np.ones((16, 4), np.float32), "bias": np.zeros((16,), np.float32)}},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("clips", "classes"))
    params = place(params, mesh)
    with jax.set_mesh(mesh):
        return export_head(params)


if __name__ == "__main__":
    print(main(*inputs()))
