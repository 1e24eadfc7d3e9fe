import logging
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

logger = logging.getLogger(__name__)
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
AXES = ("data", "model")
DATA, MODEL = AXES


def body(x):
    y = lax.psum(x, DATA)
    logger.debug("body traced for %s", AXES)
    return lax.pmean(y, AXES)  # SF105


def main():
    log = logging.LoggerAdapter(logger, {"run": 3})
    log.info("mesh %s x %s", 2, 4)
    mesh = jax.make_mesh((2, 4), AXES)
    logger.setLevel("INFO")
    f = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())
    logger.info("running on %d devices", jax.device_count())
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(DATA, MODEL)))
    return f(x)


if __name__ == "__main__":
    main()
