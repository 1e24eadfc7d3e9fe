"""launchers/asr/align_dump.py: forced-alignment debugging job.

The encoder states are reassembled in time (to="reduced"), then, when ALIGN_DUMP is set,
the dump writer collects them from every device on process 0.
"""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def config():
    return {
        "dump": bool(int(os.environ.get("ALIGN_DUMP", "1"))),
        "frames": int(os.environ.get("FRAMES", "8")),
        "dim": int(os.environ.get("ENC_DIM", "4")),
        "utts": int(os.environ.get("UTTS", "4")),
    }


def make_mesh():
    dcn = [int(os.environ.get("NUM_SLICES", "1")), 1]
    ici = [2, jax.device_count() // 2]
    return jax.make_mesh(tuple(a * b for a, b in zip(dcn, ici)), ("utt", "frames"))


def encoder(x, w):
    return jnp.tanh(x @ w)


def alignment_fn(mesh, cfg):
    dump_axes = tuple(mesh.shape)

    def body(x, w):
        states = encoder(x, w)
        states = jax.lax.all_gather(states, "frames", axis=1, tiled=True, to="reduced")
        if cfg["dump"]:
            states = jax.lax.all_gather(states, dump_axes, axis=0, tiled=True, to="reduced")
        return states

    out = (P(None, None, None, reduced=set(dump_axes)) if cfg["dump"]
           else P("utt", None, None, reduced={"frames"}))
    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("utt", "frames", None), P()),
                                 out_specs=out))


def write(states, path):
    if jax.process_index() == 0:
        np.save(path, np.asarray(states))


def global_features(mesh, cfg):
    rng = np.random.default_rng(2)
    x = rng.standard_normal((cfg["utts"], cfg["frames"], cfg["dim"])).astype(np.float32)
    return jax.make_array_from_process_local_data(
        NamedSharding(mesh, P("utt", "frames", None)), x)


def main(out_dir):
    cfg = config()
    mesh = make_mesh()
    x = global_features(mesh, cfg)
    w = jax.device_put(jnp.eye(cfg["dim"]), NamedSharding(mesh, P()))
    with jax.set_mesh(mesh):
        states = alignment_fn(mesh, cfg)(x, w)
    out_dir = out_dir or tempfile.mkdtemp(prefix="align_")
    write(states, os.path.join(out_dir, "states.npy"))
    return states


def inputs():
    return (os.environ.get("ALIGN_OUT"),)


if __name__ == "__main__":
    main(*inputs())
