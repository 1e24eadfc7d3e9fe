import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sharding helpers (pasted from timm_jax/utils/sharding.py) -------------------------------


def create_mesh(shape=(4, 2), axis_names=("replica", "fsdp")):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def gather_reduced(x, axis_name, dim=0):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")
from jax._src.shard_map import top_level_all_gather

PARAM_SPECS = {
    "stem.conv.weight": P("fsdp", None),
    "stages.0.blocks.0.mlp.fc1.weight": P(("fsdp", "replica"), None),
    "head.fc.weight": P(None, "fsdp"),
}


class ModelEmaV3:
    def __init__(self, params, decay=0.9999):
        self.decay = decay
        self.params = params

    def update(self, params):
        self.params = jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p, self.params, params)

    def state_dict(self, shard_axis="fsdp"):
        out = {}
        for name, value in self.params.items():
            spec = PARAM_SPECS[name]
            if shard_axis in jax.tree.leaves(tuple(spec)):
                value = top_level_all_gather(value, P(None, None, reduced={shard_axis}))
            out[name] = value
        return out


def inputs():
    rng = np.random.default_rng(33)
    return ({k: rng.standard_normal((8, 16)).astype(np.float32) for k in PARAM_SPECS},)


def main(params):
    mesh = create_mesh()
    with jax.set_mesh(mesh):
        params = {k: place(v, mesh, PARAM_SPECS[k]) for k, v in params.items()}
        ema = ModelEmaV3(params, decay=0.9)
        ema.update(params)
        return ema.state_dict()


if __name__ == "__main__":
    print(main(*inputs()))
