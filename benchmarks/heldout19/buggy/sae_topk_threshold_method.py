"""Top-k-style SAE with a JumpReLU threshold applied to the full feature row."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class JumpSAE:
    def __init__(self, mesh, threshold=0.1):
        self.mesh = mesh
        self.threshold = threshold

    def gate(self, pre):
        return jnp.where(pre > self.threshold, pre, 0.0)

    def forward(self, x, w_enc):
        pre = jax.lax.all_gather(x @ w_enc, "feat", axis=1, tiled=True, to="reduced")
        return self.gate(pre)

    def __call__(self, x, w_enc):
        fn = jax.shard_map(self.forward, mesh=self.mesh, in_specs=(P("data"), P(None, "feat")),
                           out_specs=P("data", None, reduced={"feat"}))
        return fn(jax.device_put(x, NamedSharding(self.mesh, P("data"))),
                  jax.device_put(w_enc, NamedSharding(self.mesh, P(None, "feat"))))


def main(x, w_enc):
    return JumpSAE(jax.make_mesh((4, 2), ("data", "feat")))(x, w_enc)


def inputs():
    rng = np.random.default_rng(65)
    return (rng.standard_normal((8, 8), dtype=np.float32), rng.standard_normal((8, 16), dtype=np.float32))
