"""L2 waveform misfit, rematerialised per shot to save memory, reduced over the whole survey."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SHOT, RX = "shot", "rx"


@jax.checkpoint
def shot_misfit(synthetic, observed):
    residual = synthetic - observed
    return 0.5 * jax.lax.psum(jnp.sum(residual ** 2, axis=(1, 2)), RX)


def survey_misfit(synthetic, observed):
    per_shot = shot_misfit(synthetic, observed)
    return jax.lax.pmean(per_shot.sum(), (SHOT, RX))


def inputs():
    rng = np.random.default_rng(37)
    return (rng.normal(size=(4, 16, 32)).astype(np.float32),
            rng.normal(size=(4, 16, 32)).astype(np.float32))


def main(synthetic, observed):
    mesh = jax.make_mesh((2, 4), (SHOT, RX))
    spec = P(SHOT, RX, None)
    synthetic, observed = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (synthetic, observed))
    return jax.shard_map(survey_misfit, mesh=mesh, in_specs=(spec, spec), out_specs=P())(synthetic, observed)


if __name__ == "__main__":
    print(main(*inputs()))
