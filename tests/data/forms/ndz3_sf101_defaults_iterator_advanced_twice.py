"""As dz2, but the option is the second read from one iterator (`next(it)` skips the first, then
`next(it, "global")`): each `next` advances it, so the 'local' option is chosen, the loss is
reduced over 'j' only and stays varying on 'i', and the gather over 'i' is accepted."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GROUPS = {"loss": {"local": {"reduce_over": "j"}, "global": {"reduce_over": "i"}}}
CONFIG = {"options": ["global", "local"], "gather_axis": "i"}


def compose(config):
    data = dict(config)
    it = iter(data.pop("options"))
    next(it)
    data["loss"] = GROUPS["loss"][next(it, "global")]
    return data


def main():
    cfg = compose(CONFIG)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(x):
        loss = jax.lax.pmean(jnp.sum(x * x, axis=1), cfg["loss"]["reduce_over"])
        return jax.lax.all_gather(loss, cfg["gather_axis"], tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"}))(x)


if __name__ == "__main__":
    main()
