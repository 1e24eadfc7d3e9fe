"""As gb6, but the trial asked about is a copy of the last one, not the object in the list: a
dataclass compares equal field by field, so `in` is True though no item is the same object, and
the copied config (reducing over 'j' alone) is fine."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


@dataclasses.dataclass
class Trial:
    trial_id: str
    config: dict


def exploit(trial, ranked):
    if trial in ranked[-1:]:
        trial.config = dict(ranked[0].config)
    return trial


def main():
    population = [Trial("t0", {"axes": ("i", "j")}), Trial("t1", {"axes": ("j",)})]
    trial = exploit(Trial("t1", {"axes": ("i", "j")}), [population[1], Trial("t1", {"axes": ("i", "j")})])
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P(None, "j")))

    def body(block):
        return jax.lax.psum(jnp.sum(block), trial.config["axes"])

    return jax.shard_map(body, mesh=MESH, in_specs=P(None, "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
