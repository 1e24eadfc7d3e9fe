"""launchers/vision/preempt.py: on SIGTERM, save the patch embeddings before the VM goes.

The emergency save gathers everything to one replicated (reduced) copy and writes it from
process 0. Here the handler is exercised directly at the end of a short run.
"""
import os
import signal
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

MESH_AXES = ("replica", "fsdp")
_state = {"emb": None, "preempted": False}


def make_mesh():
    n = jax.device_count()
    ici = [int(os.environ.get("ICI_REPLICA", str(n // 2))), int(os.environ.get("ICI_FSDP", "2"))]
    devs = np.array(jax.devices()).reshape(ici)
    return Mesh(devs, MESH_AXES, axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def embed_body(patches, proj):
    local = patches @ proj
    emb = jax.lax.all_gather(local, "fsdp", axis=2, tiled=True, to="reduced")
    return emb


def emergency_gather(mesh):
    axes = tuple(mesh.axis_names)

    def gather(emb):
        return jax.lax.all_gather(emb, axes, axis=0, tiled=True, to="reduced")

    return gather


def forward(mesh, patches, proj):
    def body(patches, proj):
        emb = embed_body(patches, proj)
        if _state["preempted"]:
            emb = emergency_gather(mesh)(emb)
        return emb

    out = (P(None, None, None, reduced=set(MESH_AXES)) if _state["preempted"]
           else P("replica", None, None, reduced={"fsdp"}))
    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P("replica", None, None), P(None, "fsdp")),
                                 out_specs=out))(patches, proj)


def on_sigterm(signum, frame):
    _state["preempted"] = True


def save_on_preempt(mesh, patches, proj, out_dir):
    if not _state["preempted"]:
        return None
    emb = forward(mesh, patches, proj)
    if jax.process_index() == 0:
        np.save(os.path.join(out_dir, "emb.npy"), np.asarray(emb))
    return emb


def main(simulate_preemption):
    mesh = make_mesh()
    signal.signal(signal.SIGTERM, on_sigterm)
    rng = np.random.default_rng(11)
    patches = jax.device_put(rng.random((8, 4, 16), dtype=np.float32),
                             NamedSharding(mesh, P("replica", None, None)))
    proj = jax.device_put(rng.random((16, 8), dtype=np.float32),
                          NamedSharding(mesh, P(None, "fsdp")))
    with jax.set_mesh(mesh):
        _state["emb"] = forward(mesh, patches, proj)
        if simulate_preemption:
            on_sigterm(signal.SIGTERM, None)
        with tempfile.TemporaryDirectory() as d:
            saved = save_on_preempt(mesh, patches, proj, d)
    return saved if saved is not None else _state["emb"]


def inputs():
    return (os.environ.get("SIMULATE_PREEMPTION", "1") == "1",)


if __name__ == "__main__":
    main(*inputs())
