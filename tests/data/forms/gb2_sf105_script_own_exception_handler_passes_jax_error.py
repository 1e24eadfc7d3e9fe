"""A trial runner catches only its own stop signal around the training step: JAX's error at the
body's psum is not an instance of the program's class and propagates, so the run goes through the
`try` to the body."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
ORDER = {"j": 1, "i": 0}  # mesh axes by position
CONFIG = {"reduce": tuple(sorted(ORDER, key=ORDER.get))}


class StopTrial(Exception):
    """Raised by a scheduler to end a trial early."""


def step(x, axes):
    def body(block):
        return jax.lax.psum(jnp.sum(block), axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P(None, "j"), out_specs=P())(x)


def run_trial(config):
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P(None, "j")))
    status = "RUNNING"
    try:
        result = step(x, config["reduce"])
    except StopTrial:
        status, result = "STOPPED", None
    return status, result


def main():
    return run_trial(CONFIG)


if __name__ == "__main__":
    main()
