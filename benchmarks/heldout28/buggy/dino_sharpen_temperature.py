"""Teacher sharpening with a warm-up temperature schedule read from a nested config."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {
    "mesh": {"axes": ("data", "model"), "shape": (2, 4)},
    "teacher": {"temp": {"warmup": 0.04, "final": 0.07, "warmup_epochs": 30}},
    "gather_axis": "model",
}


def teacher_temp(cfg, epoch):
    t = cfg["teacher"]["temp"]
    frac = min(epoch / t["warmup_epochs"], 1.0)
    return t["warmup"] + frac * (t["final"] - t["warmup"])


def make_sharpen(cfg, epoch):
    temp = teacher_temp(cfg, epoch)
    axis = cfg.get("gather_axis", "model")

    def sharpen(teacher_logits, center):
        logits = jax.lax.all_gather(teacher_logits, axis, axis=1, tiled=True, to="reduced")
        centred = jax.lax.all_gather(center, axis, axis=1, tiled=True, to="reduced")
        probs = jax.nn.softmax((logits - centred) / temp, axis=-1)
        return probs.max(axis=-1)

    return sharpen


def inputs():
    rng = np.random.default_rng(33)
    return (rng.normal(size=(8, 16)).astype(np.float32), np.zeros((1, 16), np.float32))


def main(teacher_logits, center, epoch=10):
    cfg = CONFIG
    mesh = jax.make_mesh(cfg["mesh"]["shape"], cfg["mesh"]["axes"])
    teacher_logits = jax.device_put(teacher_logits, NamedSharding(mesh, P("data", "model")))
    center = jax.device_put(center, NamedSharding(mesh, P(None, "model")))
    return jax.shard_map(make_sharpen(cfg, epoch), mesh=mesh,
                         in_specs=(P("data", "model"), P(None, "model")),
                         out_specs=P("data"))(teacher_logits, center)


if __name__ == "__main__":
    print(main(*inputs()))
