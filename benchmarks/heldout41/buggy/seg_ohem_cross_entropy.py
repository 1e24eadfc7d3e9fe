"""OHEM cross-entropy: keep the hardest pixels of each image; the kept count is logged."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class OHEMConfig:
    keep_ratio: float = 0.25
    pixel_axis: str = "pixel"
    data_axis: str = "data"


class OHEMCrossEntropy:
    def __init__(self, cfg: OHEMConfig):
        self.cfg = cfg

    def pixel_losses(self, logits, labels):
        logp = jax.nn.log_softmax(logits, axis=-1)
        return -jnp.take_along_axis(logp, labels[..., None], axis=-1)[..., 0]

    def hard_pixels(self, losses):
        full = jax.lax.all_gather(losses, self.cfg.pixel_axis, axis=1, tiled=True, to="reduced")
        k = int(full.shape[1] * self.cfg.keep_ratio)
        top, _ = jax.lax.top_k(full, k)
        return jax.lax.psum(top.sum(axis=1), self.cfg.pixel_axis)

    def __call__(self, logits, labels):
        return self.hard_pixels(self.pixel_losses(logits, labels))


def inputs():
    rng = np.random.default_rng(20)
    return (rng.standard_normal((4, 64, 5)).astype(np.float32),
            rng.integers(0, 5, size=(4, 64)).astype(np.int32))


def main(logits, labels):
    cfg = OHEMConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.pixel_axis))
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", "pixel", None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data", "pixel")))
    return jax.shard_map(OHEMCrossEntropy(cfg), mesh=mesh,
                         in_specs=(P("data", "pixel", None), P("data", "pixel")),
                         out_specs=P("data"))(logits, labels)


if __name__ == "__main__":
    main(*inputs())
