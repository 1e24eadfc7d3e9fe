"""CTR model: DCN-style feature cross layer run as a string pipeline.

Each stage is "op" or "op:axis"; stages are looked up in OPS and applied in order.
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "2x4:dp,tp"
PIPELINE = "cross|reduce:tp|bias|snapshot:tp"


def parse_mesh(text):
    m = re.match(r"(\d+)x(\d+):(\w+),(\w+)$", text)
    return jax.make_mesh((int(m.group(1)), int(m.group(2))), (m.group(3), m.group(4)))


def op_cross(state, arg):
    x0, w = state["x0"], state["w"]
    state["h"] = (x0 * x0) @ w
    return state


def op_reduce(state, axis):
    state["h"] = jax.lax.psum(state["h"], axis)
    return state


def op_bias(state, arg):
    state["h"] = state["h"] + 0.1
    return state


def op_snapshot(state, axis):
    state["snap"] = jax.lax.all_gather(state["h"], axis, axis=1, tiled=True, to="reduced")
    return state


OPS = {"cross": op_cross, "reduce": op_reduce, "bias": op_bias, "snapshot": op_snapshot}


def run_pipeline(text, state):
    for stage in text.split("|"):
        name, _, arg = stage.partition(":")
        state = OPS[name](state, arg or None)
    return state


def inputs():
    rng = np.random.default_rng(10)
    return rng.normal(size=(8, 16)).astype(np.float32), (rng.normal(size=(16, 4)) * 0.2).astype(np.float32)


def main(x, w):
    mesh = parse_mesh(MESH)
    x = jax.device_put(x, NamedSharding(mesh, P("dp", "tp")))
    w = jax.device_put(w, NamedSharding(mesh, P("tp", None)))

    def body(x, w):
        out = run_pipeline(PIPELINE, {"x0": x, "w": w})
        return out["h"], out["snap"]

    h, snap = jax.shard_map(body, mesh=mesh, in_specs=(P("dp", "tp"), P("tp", None)),
                            out_specs=(P("dp", None), P("dp", None, reduced={"tp"})))(x, w)
    print(h.shape, snap.shape)
    return h


if __name__ == "__main__":
    main(*inputs())
