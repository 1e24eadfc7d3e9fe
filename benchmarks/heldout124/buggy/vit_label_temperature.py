"""launchers/vision/distill.py: distillation launcher, teacher logits at a temperature.

The teacher's class-sharded logits are gathered once (reduced: only the student's loss
reads them) and divided by the distillation temperature from the flags.
"""
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULT_FLAGS = {"temperature": 2.0, "classes": 8, "batch": 8, "dim": 4}


def flags_from_argv(argv):
    flags = dict(DEFAULT_FLAGS)
    it = iter(argv)
    for arg in it:
        if arg.startswith("--"):
            flags[arg[2:]] = type(DEFAULT_FLAGS.get(arg[2:], ""))(next(it))
    return flags


def mesh_shape():
    dcn = [int(os.environ.get("NUM_SLICES", "1")), 1]
    ici = [int(os.environ.get("ICI_DATA", "4")), int(os.environ.get("ICI_CLASSES", "2"))]
    return tuple(d * i for d, i in zip(dcn, ici))


def teacher_probs(feats, w, temperature):
    local = feats @ w
    logits = jax.lax.all_gather(local, "classes", axis=1, tiled=True, to="reduced")
    return logits / temperature


def make_distill(mesh, flags):
    def body(feats, w):
        return teacher_probs(feats, w, flags["temperature"])

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("data", None), P(None, "classes")),
                                 out_specs=P("data", None, reduced={"classes"})))


def main(argv):
    flags = flags_from_argv(argv)
    mesh = jax.make_mesh(mesh_shape(), ("data", "classes"))
    rng = np.random.default_rng(4)
    feats = jax.make_array_from_process_local_data(
        NamedSharding(mesh, P("data", None)),
        rng.random((flags["batch"], flags["dim"]), dtype=np.float32))
    w = jax.device_put(rng.random((flags["dim"], flags["classes"]), dtype=np.float32),
                       NamedSharding(mesh, P(None, "classes")))
    with jax.set_mesh(mesh):
        scaled = make_distill(mesh, flags)(feats, w)
    if jax.process_index() == 0:
        print("teacher logits", scaled.shape, file=sys.stderr)
    return scaled


def teacher_stats(scaled):
    """Host-side statistics of the teacher logits, logged by process 0 only."""
    if jax.process_index() != 0:
        return None
    arr = np.asarray(scaled)
    return {
        "min": float(arr.min()),
        "max": float(arr.max()),
        "mean": float(arr.mean()),
        "shape": tuple(arr.shape),
    }


def usage():
    return "distill.py [--temperature T] [--classes N] [--batch B] [--dim D]"


def inputs():
    return (["--temperature", os.environ.get("DISTILL_T", "2.0")],)


if __name__ == "__main__":
    main(*inputs())
