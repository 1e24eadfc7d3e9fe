"""Winner-take-all readout layer: every membrane potential of a population, then the threshold."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ReadoutConfig:
    v_th: float = 0.8
    pop_axis: str = "pop"
    neuron_axis: str = "neuron"


def readout(v, cfg):
    v_all = jax.lax.all_gather(v, cfg.neuron_axis, to="reduced", tiled=True)
    spikes = (v_all >= cfg.v_th).astype(jnp.float32)
    return jax.lax.psum(spikes.sum(), (cfg.pop_axis, cfg.neuron_axis))


def inputs():
    rng = np.random.default_rng(65)
    return (rng.uniform(size=(64,)).astype(np.float32),)


def main(v, cfg=ReadoutConfig()):
    mesh = jax.make_mesh((2, 4), (cfg.pop_axis, cfg.neuron_axis))
    cells = P((cfg.pop_axis, cfg.neuron_axis))
    v = jax.device_put(v, NamedSharding(mesh, cells))
    return jax.shard_map(lambda v: readout(v, cfg), mesh=mesh, in_specs=cells, out_specs=P())(v)


if __name__ == "__main__":
    print(main(*inputs()))
