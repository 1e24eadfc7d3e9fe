"""lingvo_lite/layers/moe/expert_utilisation.py

Per-expert utilisation counts for the MoE dashboards. The dispatch layer counts, per token
shard, how many tokens chose each of its local experts; the counts are gathered over the expert
shards into a full row and then collected over the axes the experiment registers as the
"stats" axes, giving a [token_shards, experts] table on the host.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class UtilisationCounter(BaseLayer):
  HPARAMS = dict(expert_axis='expert', stats_axes=())

  def fprop(self, local_counts):
    row = jax.lax.all_gather(local_counts, self.expert_axis, axis=1, tiled=True, to='reduced')
    table = jax.lax.all_gather(row, self.stats_axes, axis=0, tiled=True, to='reduced')
    return table


class Dispatch(BaseLayer):
  HPARAMS = dict(num_experts=0, counter_tpl=None)

  def setup(self):
    self.create_child('counter', self.counter_tpl)

  def fprop(self, mesh, router, x):
    act = self.activation_split_dims_mapping

    def body(xb, rb):
      logits = xb @ rb
      per_expert = rb.shape[-1]
      choice = jnp.argmax(logits, axis=-1)
      local = jax.nn.one_hot(choice, per_expert) * (logits.max(axis=-1) > 0.0)[:, None]
      return self.counter(jnp.sum(local, axis=0, keepdims=True))

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(split_spec(act.tokens), split_spec(self.weight_split_dims_mapping.router)),
                         out_specs=P(None, None, reduced=set(self.counter.stats_axes)))(x, router)


@experiment_registry.register
class Dispatch4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'expert')
  STATS_AXES = ('data', 'expert')

  def task(self):
    counter = Config(UtilisationCounter, expert_axis='expert', stats_axes=self.STATS_AXES)
    return Config(Dispatch, num_experts=4, counter_tpl=counter,
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(router=(None, 'expert')),
                  activation_split_dims_mapping=SplitDims(tokens=('data', None)))


def inputs():
  rng = np.random.default_rng(31)
  return 'Dispatch4x2', rng.standard_normal((16, 6)).astype(np.float32)


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  router = place(mesh, np.linspace(-1, 1, 24, dtype=np.float32).reshape(6, 4),
                 layer.weight_split_dims_mapping.router)
  x = place(mesh, x, layer.activation_split_dims_mapping.tokens)
  with jax.set_mesh(mesh):
    table = layer.fprop(mesh, router, x)
  print(table.shape)


if __name__ == '__main__':
  main(*inputs())
