"""Token-level KL to the reference model, averaged over the whole mesh for the logger."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
    data_axis: str = "data"
    tensor_axis: str = "model"

    @property
    def all_axes(self):
        return (self.data_axis, self.tensor_axis)


@dataclasses.dataclass
class KLPenalty:
    parallel: ParallelConfig
    coef: float = 0.05

    def __call__(self, policy_logits, ref_logits):
        p = jnp.exp(policy_logits)
        kl_partial = (p * (policy_logits - ref_logits)).sum(-1)
        kl = jax.lax.psum(kl_partial, self.parallel.tensor_axis)
        return self.coef * jax.lax.pmean(jax.lax.pcast(kl.mean(), self.parallel.tensor_axis, to="varying"), self.parallel.all_axes)


def inputs():
    rng = np.random.default_rng(2625)
    a = rng.standard_normal((8, 6, 32)).astype(np.float32)
    return a, a + 0.1 * rng.standard_normal((8, 6, 32)).astype(np.float32)


def main(policy_logits, ref_logits):
    par = ParallelConfig()
    mesh = jax.make_mesh((2, 4), par.all_axes)
    spec = P(par.data_axis, None, par.tensor_axis)
    policy_logits = jax.device_put(policy_logits, NamedSharding(mesh, spec))
    ref_logits = jax.device_put(ref_logits, NamedSharding(mesh, spec))
    fn = jax.shard_map(KLPenalty(par), mesh=mesh, in_specs=(spec, spec), out_specs=P())
    return fn(policy_logits, ref_logits)


if __name__ == "__main__":
    print(main(*inputs()))
