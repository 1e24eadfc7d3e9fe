"""launchers/vision/export.py: fine-tune, then export the head weights for serving.

Training runs under the mesh context; export happens once the loop has finished.
"""
import atexit
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

EXPORT_DIR = tempfile.mkdtemp(prefix="vit_export_")
atexit.register(lambda: [os.remove(os.path.join(EXPORT_DIR, f)) for f in os.listdir(EXPORT_DIR)])


def mesh_from_env():
    replica = int(os.environ.get("REPLICA_PARALLELISM", "4"))
    fsdp = jax.device_count() // replica
    devices = np.array(jax.devices()).reshape(replica, fsdp)
    return Mesh(devices, ("replica", "fsdp"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def train_step(head, feats, labels):
    def loss(head):
        logits = feats @ head
        return jnp.mean((logits - labels) ** 2)

    g = jax.grad(loss)(head)
    g = jax.lax.pmean(g, "replica")
    return head - 0.05 * g


def train(mesh, head, feats, labels, steps):
    step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                                 in_specs=(P(None, "fsdp"), P("replica", None), P("replica", "fsdp")),
                                 out_specs=P(None, "fsdp")))
    for _ in range(steps):
        head = step(head, feats, labels)
    return head


def export(head):
    full = top_level_all_gather(head, P(None, None, reduced={"fsdp"}))
    if jax.process_index() == 0:
        np.save(os.path.join(EXPORT_DIR, "head.npy"), np.asarray(full))
    return full


def main(steps):
    mesh = mesh_from_env()
    rng = np.random.default_rng(5)
    sh = lambda spec: NamedSharding(mesh, spec)
    feats = jax.make_array_from_process_local_data(sh(P("replica", None)),
                                                   rng.random((8, 6), dtype=np.float32))
    labels = jax.device_put(rng.random((8, 4), dtype=np.float32), sh(P("replica", "fsdp")))
    head = jax.device_put(jnp.zeros((6, 4)), sh(P(None, "fsdp")))
    with jax.set_mesh(mesh):
        head = train(mesh, head, feats, labels, steps)
        if jax.process_index() == 0:
            print("trained", head.sharding.spec)
    return export(head)


def check_export(full, head):
    """Cheap sanity check run on process 0 before the export is published."""
    if jax.process_index() != 0:
        return True
    a, b = np.asarray(full), np.asarray(head)
    if a.shape != b.shape:
        raise ValueError(f"export shape {a.shape} != {b.shape}")
    return bool(np.allclose(a, b))


def inputs():
    return (int(os.environ.get("EXPORT_AFTER_STEPS", "3")),)


if __name__ == "__main__":
    main(*inputs())
