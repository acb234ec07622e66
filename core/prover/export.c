/* Anchor source of libg16k.so; the code comes from the g16k_core archive. */
typedef int g16k_export_anchor_unused;
