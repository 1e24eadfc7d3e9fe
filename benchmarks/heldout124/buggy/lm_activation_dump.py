"""launchers/lm/debug_dump.py: rerun a pretraining step and dump activations on host 0.

The dump path is taken when DUMP_ACTIVATIONS is set (it is by default on a single host).
"""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULTS = {"seq": 8, "hidden": 16, "dump": "1", "axes": "data,model"}


def flags():
    cfg = dict(DEFAULTS)
    for key in DEFAULTS:
        env = os.environ.get("LM_" + key.upper())
        if env is not None:
            cfg[key] = env
    cfg["seq"] = int(cfg["seq"])
    cfg["hidden"] = int(cfg["hidden"])
    cfg["dump"] = cfg["dump"] not in ("0", "false", "")
    return cfg


def make_mesh(axis_names):
    n = jax.device_count()
    model = int(os.environ.get("ICI_TENSOR", "4"))
    ici_parallelism = [n // model, model]
    return jax.make_mesh(tuple(ici_parallelism), axis_names)


def mlp_block(x, w_in, w_out):
    h = jax.nn.gelu(x @ w_in)
    return h, h @ w_out


def build(mesh, cfg):
    dump_axes = tuple(mesh.axis_names)

    def body(x, w_in, w_out):
        h, y = mlp_block(x, w_in, w_out)
        y = jax.lax.psum(y, "model")
        if not cfg["dump"]:
            return y, h
        h_full = jax.lax.all_gather(h, "model", axis=1, tiled=True, to="reduced")
        snapshot = jax.lax.all_gather(h_full, dump_axes, axis=0, tiled=True, to="reduced")
        return y, snapshot

    out_h = P(None, None, reduced=set(dump_axes)) if cfg["dump"] else P("data", "model")
    return jax.jit(jax.shard_map(
        body, mesh=mesh,
        in_specs=(P("data", None), P(None, "model"), P("model", None)),
        out_specs=(P("data", None), out_h)))


def write_dump(path, arr):
    if jax.process_index() != 0:
        return
    np.save(path, np.asarray(arr))


def main():
    cfg = flags()
    mesh = make_mesh(tuple(cfg["axes"].split(",")))
    rng = np.random.default_rng(0)
    x = rng.standard_normal((cfg["seq"] * 2, cfg["hidden"])).astype(np.float32)
    w_in = rng.standard_normal((cfg["hidden"], 4 * cfg["hidden"])).astype(np.float32) * 0.1
    w_out = rng.standard_normal((4 * cfg["hidden"], cfg["hidden"])).astype(np.float32) * 0.1
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    args = (put(x, P("data", None)), put(w_in, P(None, "model")), put(w_out, P("model", None)))
    with jax.set_mesh(mesh):
        y, snap = build(mesh, cfg)(*args)
    with tempfile.TemporaryDirectory() as tmp:
        write_dump(os.path.join(tmp, "hidden.npy"), snap)
    return y


def inputs():
    return ()


if __name__ == "__main__":
    main(*inputs())
