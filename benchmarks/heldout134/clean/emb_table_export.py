"""lingvo_lite/checkpoints/embedding_export.py

Exports a fully sharded embedding table (rows over 'vocab', embedding dims over 'data', as the
FSDP experiments lay it out) for the serving stack, which wants the whole table on every host.
The export template names both gathered axes.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

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


class Embedding(BaseLayer):
  HPARAMS = dict(num_classes=0, input_dims=0)

  def init(self, key):
    return jax.random.normal(key, (self.num_classes, self.input_dims)) * (self.input_dims ** -0.5)

  def fprop(self, table, ids):
    return jnp.take(table, ids, axis=0)


class ServingExport(BaseLayer):
  HPARAMS = dict(layout=None)

  def export_spec(self):
    gathered = {a for a in self.layout if a is not None}
    return P(*(None for _ in self.layout), reduced=gathered)

  def fprop(self, table):
    full = top_level_all_gather(table, self.export_spec(), multi_dim=True)
    return np.asarray(jax.reshard(full, P(None, None)))


@experiment_registry.register
class EmbeddingFSDP4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'vocab')
  TABLE_LAYOUT = ('vocab', 'data')

  def task(self):
    emb = Config(Embedding, num_classes=16, input_dims=8,
                 weight_split_dims_mapping=SplitDims(emb=self.TABLE_LAYOUT))
    export = Config(ServingExport, layout=self.TABLE_LAYOUT)
    return emb, export


def inputs():
  return 'EmbeddingFSDP4x2', np.array([1, 3, 5, 7], np.int32)


def main(exp_name, ids):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  emb_cfg, export_cfg = exp.task()
  emb = instantiate(emb_cfg)
  exporter = instantiate(export_cfg)
  table = place(mesh, emb.init(jax.random.PRNGKey(0)), emb.weight_split_dims_mapping.emb)
  with jax.set_mesh(mesh):
    host_table = exporter.fprop(table)
  print(host_table.shape, host_table[ids].sum())


if __name__ == '__main__':
  main(*inputs())
