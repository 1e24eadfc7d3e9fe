import click
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def report(preds):
    full = top_level_all_gather(preds, P(None, reduced={"i"}))  # SF104: no context mesh on the way
    click.echo(f"mean {float(np.asarray(full).mean()):.3f}")
    return full


@click.command()
@click.option("--rows", default=8)
def main(rows):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        preds = jax.device_put(np.ones((rows, 8), np.float32), NamedSharding(mesh, P("i")))
    return report(preds)


if __name__ == "__main__":
    main()
