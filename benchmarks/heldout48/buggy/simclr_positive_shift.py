"""SimCLR with views split across data shards: the second view's batch is gathered, then the
positive of each row is fetched from the neighbouring shard."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class PairingConfig:
    batch_axis: str = "data"
    model_axis: str = "model"
    num_shards: int = 2


class PositivePairing:
    def __init__(self, cfg: PairingConfig):
        self.cfg = cfg

    @property
    def ring(self):
        n = self.cfg.num_shards
        return [(i, (i + 1) % n) for i in range(n)]

    def align(self, view2, shift):
        everyone = jax.lax.all_gather(view2, self.cfg.batch_axis, axis=0, tiled=True, to="reduced")
        rolled = jnp.roll(everyone, shift, axis=0)
        return jax.lax.ppermute(rolled, self.cfg.batch_axis, perm=self.ring)


def inputs():
    rng = np.random.default_rng(2)
    return (rng.normal(size=(16, 32)).astype(np.float32),)


def main(view2):
    cfg = PairingConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.model_axis))
    view2 = jax.device_put(view2, NamedSharding(mesh, P(cfg.batch_axis, cfg.model_axis)))
    pairing = PositivePairing(cfg)
    body = functools.partial(pairing.align, shift=1)
    return jax.shard_map(body, mesh=mesh, in_specs=P(cfg.batch_axis, cfg.model_axis),
                         out_specs=P(cfg.batch_axis, cfg.model_axis))(view2)


if __name__ == "__main__":
    main(*inputs())
