"""Convert a DiT checkpoint from the tensor-parallel training layout to the inference layout."""
from typing import NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout(NamedTuple):
    train: P
    infer: P


LAYOUTS = {
    "attn.qkv": Layout(P("batch", "tp"), P("batch", None, reduced={"tp"})),
    "mlp.fc1": Layout(P("batch", "tp"), P("batch", None, reduced={"tp"})),
    "adaln.proj": Layout(P(("batch", "tp"), None), P("batch", None, reduced={"tp"})),
}


def init_params(mesh):
    params = {}
    for i, (name, layout) in enumerate(LAYOUTS.items()):
        w = np.full((8, 8), float(i), np.float32)
        params[name] = jax.device_put(w, NamedSharding(mesh, layout.train))
    return params


def convert(params):
    out = {}
    for name, w in params.items():
        out[name] = top_level_all_gather(w, LAYOUTS[name].infer)
    return out


def inputs():
    return ()


def main():
    mesh = jax.make_mesh((4, 2), ("batch", "tp"))
    with jax.set_mesh(mesh):
        params = init_params(mesh)
        return convert(params)


if __name__ == "__main__":
    main(*inputs())
