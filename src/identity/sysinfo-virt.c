/*
 * sysinfo-virt.c - is this run emulated, and is the machine a virtual
 * one?  Both go into the system snapshot ("emulator", "vm"): timings
 * under a user-mode emulator are the emulator's, not the board's (every
 * row of such a run is flagged `emulated`), and a virtual machine's
 * figures drift more than bare metal's.
 *
 * A user-mode emulator (qemu-user, and any program that runs a foreign
 * executable by translating it) is told by what the process sees of
 * itself, on the real machine only (a fixture tree cannot stand in for
 * this process).  qemu-user 7.2, tried here on x86-64 with qemu-arm and
 * qemu-x86_64, answers some of the process's own questions for the
 * guest and passes others through to the kernel:
 *   - readlink and open of /proc/self/exe (and /proc/PID/exe) give the
 *     guest executable, but /proc/thread-self/exe is passed through and
 *     names the emulator (/usr/bin/qemu-arm).  Natively both are the
 *     same file; when they differ, something answers for /proc/self.
 *     This also catches an emulator of the host's own architecture
 *     (qemu-x86_64 on x86-64, valgrind).
 *   - uname(2) is faked ("armv7l" under qemu-arm on an x86-64 or an
 *     AArch64 kernel), but /proc/sys/kernel/arch, read as a file, is
 *     the kernel's own (recent kernels).  The ELF machine of the guest
 *     executable against the kernel's architecture: an ARM executable
 *     under an x86-64 kernel is emulated.  A 32-bit executable under
 *     its 64-bit kernel (ARM on AArch64, i386 on x86-64) may run
 *     natively; it counts as emulated only when uname says something
 *     that kernel never says for a native 32-bit process (an AArch64
 *     kernel says "aarch64", or "armv8l" under linux32), or when
 *     binfmt_misc hands executables like this one to an interpreter.
 *   - /proc/self/auxv and getauxval() are the guest's (AT_PLATFORM
 *     "v8l", the emulated CPU's AT_HWCAP): they describe the executable
 *     and add nothing to its ELF machine, so they are not used; nor are
 *     /proc/self/maps (filtered to the guest's mappings) and QEMU_*
 *     variables (absent when binfmt_misc starts the emulator).
 *   - an enabled /proc/sys/fs/binfmt_misc entry whose magic and mask
 *     match the first bytes of the executable names the interpreter
 *     the kernel starts for it (/usr/libexec/qemu-binfmt/arm-binfmt-P).
 * sysinfo_emulator_judge() weighs these from injected facts, so the
 * unit tests can give it any machine.
 *
 * A virtual machine is read through sysfs.c (fixture trees can hold
 * one): DMI's sys_vendor and product_name (QEMU, KVM, VMware,
 * VirtualBox, Microsoft Hyper-V, Xen, Amazon EC2 but not its .metal
 * instances, Google Compute Engine, Parallels, Bochs, OpenStack),
 * /sys/hypervisor/type, the paravirtual clock sources (kvm-clock,
 * Hyper-V's, Xen's), a device tree made by QEMU (linux,dummy-virt) or
 * with a Xen hypervisor node, and last x86's cpuinfo flag
 * `hypervisor`, which says only that there is one ("other").
 *
 * A board emulated whole (QEMU's full-system raspi machines: no
 * hypervisor, a device tree that says Raspberry Pi) is told by what its
 * firmware did not do (board_emulated_fill()); it is both a vm ("qemu")
 * and emulated ("qemu-system"), every row flagged.  QEMU's virt machine
 * says linux,dummy-virt (vm "qemu") under TCG and KVM alike; it is
 * emulated only when its PMU is QEMU's own (virt_tcg_fill()).
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "elfattr.h"
#include "result.h"
#include "sysfs.h"
#include "sysinfo.h"
#include "util.h"

#ifndef EM_LOONGARCH
#define EM_LOONGARCH	258
#endif

/* ---- user-mode emulation ------------------------------------------------ */

/*
 * The kernels the judge knows: the ELF machine native to each, and the
 * 32-bit one its compat layer may run with the uname(2) machine it then
 * reports under linux32 (besides its own).
 */
static const struct {
	const char *arch;	/* prefix of the kernel's machine */
	int em, em32;
	const char *uname32;	/* prefix; NULL: only its own */
} kernels[] = {
	{ "x86_64", EM_X86_64, EM_386, "i686" },
	{ "aarch64", EM_AARCH64, EM_ARM, "armv8" },
	{ "arm", EM_ARM, 0, NULL },
	{ "riscv64", EM_RISCV, 0, NULL },
	{ "ppc64", EM_PPC64, EM_PPC, "ppc" },
	{ "ppc", EM_PPC, 0, NULL },
	{ "s390x", EM_S390, EM_S390, "s390" },
	{ "mips", EM_MIPS, 0, NULL },
	{ "loongarch64", EM_LOONGARCH, 0, NULL },
	{ "sparc64", EM_SPARCV9, EM_SPARC, "sparc" },
};

enum run_by { BY_UNKNOWN, BY_NATIVE, BY_COMPAT, BY_FAKED, BY_FOREIGN };

static int
is_i386(const char *m)
{
	return m[0] == 'i' && m[1] >= '3' && m[1] <= '6' &&
	    strcmp(m + 2, "86") == 0;
}

/* How the kernel `arch` runs an executable of ELF machine em. */
static enum run_by
kernel_runs(const char *arch, int em, const char *uname_m)
{
	size_t i;

	if (arch == NULL || em <= 0)
		return BY_UNKNOWN;
	if (is_i386(arch))
		return em == EM_386 ? BY_NATIVE : BY_FOREIGN;
	for (i = 0; i < ARRAY_SIZE(kernels); i++) {
		if (strncmp(arch, kernels[i].arch,
		    strlen(kernels[i].arch)) != 0)
			continue;
		if (em == kernels[i].em)
			return BY_NATIVE;
		if (em != kernels[i].em32)
			return BY_FOREIGN;
		/* 32-bit under its 64-bit kernel: check what uname says */
		if (uname_m != NULL && strcmp(uname_m, arch) != 0 &&
		    (kernels[i].uname32 == NULL || strncmp(uname_m,
		    kernels[i].uname32, strlen(kernels[i].uname32)) != 0))
			return BY_FAKED;
		return BY_COMPAT;
	}
	return BY_UNKNOWN;	/* a kernel the table does not know */
}

/* "qemu-user" for any qemu, else the program's file name, cleaned. */
static void
emulator_name(const char *path, char *name, size_t len)
{
	const char *base = strrchr(path, '/');
	size_t i, n = 0;

	if (strstr(path, "qemu") != NULL) {
		strlcpy_bb(name, "qemu-user", len);
		return;
	}
	base = base != NULL ? base + 1 : path;
	for (i = 0; base[i] != '\0' && n + 1 < len && n < 32; i++)
		if (isalnum((unsigned char)base[i]) || strchr("._-", base[i]))
			name[n++] = base[i];
	name[n] = '\0';
	if (n == 0)
		strlcpy_bb(name, "user-mode", len);
}

int
sysinfo_emulator_judge(const struct emu_facts *f, char *name, size_t nlen,
    char *why, size_t wlen)
{
	enum run_by by;
	char em[32];

	name[0] = why[0] = '\0';
	if (f->exe != NULL && f->thread_exe != NULL &&
	    strcmp(f->exe, f->thread_exe) != 0) {
		emulator_name(f->thread_exe, name, nlen);
		snprintf(why, wlen, "/proc/self/exe is %.200s but "
		    "/proc/thread-self/exe is %.200s", f->exe, f->thread_exe);
		return 1;
	}
	by = kernel_runs(f->kernel_arch, f->elf_machine, f->uname_machine);
	if (by == BY_NATIVE || (by != BY_FOREIGN && by != BY_FAKED &&
	    f->binfmt == NULL))
		return 0;
	emulator_name(f->binfmt != NULL ? f->binfmt : "", name, nlen);
	snprintf(em, sizeof(em), "%s (%d)", elfattr_machine_name(
	    f->elf_machine), f->elf_machine);
	if (by == BY_FOREIGN)
		snprintf(why, wlen, "the executable is %s, the kernel %.64s",
		    em, f->kernel_arch);
	else if (by == BY_FAKED)
		snprintf(why, wlen, "the executable is %s, the kernel %.64s, "
		    "but uname says %.64s", em, f->kernel_arch,
		    f->uname_machine);
	else
		snprintf(why, wlen, "binfmt_misc hands this executable to "
		    "%.200s", f->binfmt);
	return 1;
}

/* Hex digits into bytes; the count, or -1 when malformed or too long. */
static int
unhex(const char *s, unsigned char *out, size_t max)
{
	size_t n = 0;
	unsigned v;

	while (isxdigit((unsigned char)s[0]) && isxdigit((unsigned char)s[1])) {
		if (n == max || sscanf(s, "%2x", &v) != 1)
			return -1;
		out[n++] = (unsigned char)v;
		s += 2;
	}
	return *s == '\0' || *s == '\n' ? (int)n : -1;
}

int
sysinfo_binfmt_match(const char *entry, const unsigned char *hdr, size_t n,
    char *interp, size_t len)
{
	unsigned char magic[128], mask[128];
	const char *line;
	int nmagic = -1, nmask = -1, enabled = 0;
	long offset = 0;
	size_t i, l;

	interp[0] = '\0';
	for (line = entry; line != NULL && *line != '\0';
	    line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		l = strcspn(line, "\n");
		if (l == 7 && strncmp(line, "enabled", 7) == 0)
			enabled = 1;
		else if (strncmp(line, "interpreter ", 12) == 0)
			snprintf(interp, len, "%.*s", (int)(l - 12), line + 12);
		else if (strncmp(line, "offset ", 7) == 0)
			offset = strtol(line + 7, NULL, 10);
		else if (strncmp(line, "magic ", 6) == 0)
			nmagic = unhex(line + 6, magic, sizeof(magic));
		else if (strncmp(line, "mask ", 5) == 0)
			nmask = unhex(line + 5, mask, sizeof(mask));
	}
	/* an extension entry has no magic; a mask is as long as its magic */
	if (!enabled || interp[0] == '\0' || nmagic <= 0 || offset < 0 ||
	    (nmask >= 0 && nmask != nmagic) ||
	    (size_t)offset + (size_t)nmagic > n)
		return 0;
	for (i = 0; i < (size_t)nmagic; i++)
		if ((hdr[(size_t)offset + i] ^ magic[i]) &
		    (nmask >= 0 ? mask[i] : 0xff))
			return 0;
	return 1;
}

/* The link's target, or NULL. */
static char *
link_of(const char *path)
{
	char buf[1024];
	ssize_t n = readlink(path, buf, sizeof(buf) - 1);

	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	return xstrdup(buf);
}

/*
 * The first bytes of this process's executable (as the emulator shows
 * it: the guest's); the count read.
 */
static size_t
exe_header(unsigned char *hdr, size_t len)
{
	FILE *fp = fopen("/proc/self/exe", "rbe");
	size_t n;

	if (fp == NULL)
		return 0;
	n = fread(hdr, 1, len, fp);
	if (fclose(fp) != 0)
		return 0;
	return n;
}

/* e_machine from an ELF header; 0 when it is none. */
static int
elf_machine_of(const unsigned char *h, size_t n)
{
	if (n < 20 || memcmp(h, ELFMAG, SELFMAG) != 0)
		return 0;
	if (h[EI_DATA] == ELFDATA2LSB)
		return h[18] | h[19] << 8;
	if (h[EI_DATA] == ELFDATA2MSB)
		return h[18] << 8 | h[19];
	return 0;
}

/* The interpreter of the first enabled binfmt_misc entry for hdr. */
static char *
binfmt_for(const unsigned char *hdr, size_t n)
{
	static const char *const dir = "/proc/sys/fs/binfmt_misc";
	char path[512], entry[2048], interp[512], *found = NULL;
	struct dirent *d;
	DIR *dp;

	if (sysfs_read_str("/proc/sys/fs/binfmt_misc/status", entry,
	    sizeof(entry)) != SYSFS_OK || strcmp(entry, "enabled") != 0 ||
	    (dp = sysfs_opendir(dir)) == NULL)
		return NULL;
	while (found == NULL && (d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.' || strcmp(d->d_name, "status") == 0 ||
		    strcmp(d->d_name, "register") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%.255s", dir, d->d_name);
		if (sysfs_read_str(path, entry, sizeof(entry)) == SYSFS_OK &&
		    sysinfo_binfmt_match(entry, hdr, n, interp,
		    sizeof(interp)))
			found = xstrdup(interp);
	}
	closedir(dp);
	return found;
}

/* The emulator this process runs under, on the real machine. */
static void
emulator_fill(struct system_info *si)
{
	struct emu_facts f;
	struct utsname u;
	unsigned char hdr[128];
	char *exe, *texe, *binfmt = NULL, name[64], why[512];
	size_t n;

	if (!sysfs_is_real())
		return;
	memset(&f, 0, sizeof(f));
	n = exe_header(hdr, sizeof(hdr));
	f.elf_machine = elf_machine_of(hdr, n);
	f.kernel_arch = si->machine;	/* /proc/sys/kernel/arch first */
	f.uname_machine = uname(&u) == 0 ? u.machine : NULL;
	f.exe = exe = link_of("/proc/self/exe");
	f.thread_exe = texe = link_of("/proc/thread-self/exe");
	if (n > 0)
		f.binfmt = binfmt = binfmt_for(hdr, n);
	if (sysinfo_emulator_judge(&f, name, sizeof(name), why,
	    sizeof(why))) {
		si->emulator = xstrdup(name);
		si->emulator_evidence = xstrdup(why);
	}
	free(exe);
	free(texe);
	free(binfmt);
}

/* ---- virtual machines ----------------------------------------------------- */

/* DMI's names of virtual machines: vendor prefix and product part. */
static const struct {
	const char *vendor, *product, *name;
} dmi_vms[] = {
	{ "QEMU", NULL, "qemu" },
	{ NULL, "KVM", "kvm" },
	{ "VMware", NULL, "vmware" },
	{ NULL, "VMware", "vmware" },
	{ "innotek", NULL, "virtualbox" },
	{ NULL, "VirtualBox", "virtualbox" },
	{ "Microsoft Corporation", "Virtual Machine", "hyper-v" },
	{ "Xen", NULL, "xen" },
	{ NULL, "HVM domU", "xen" },
	{ "Amazon EC2", NULL, "amazon-ec2" },
	{ "Google", "Google Compute Engine", "google-gce" },
	{ "Parallels", NULL, "parallels" },
	{ "Bochs", NULL, "bochs" },
	{ NULL, "OpenStack", "openstack" },
};

/* "kvm" and friends from the paravirtual clock sources, or NULL. */
static const char *
clocksource_vm(void)
{
	char buf[512];

	if (sysfs_read_str("/sys/devices/system/clocksource/clocksource0/"
	    "available_clocksource", buf, sizeof(buf)) != SYSFS_OK)
		return NULL;
	if (strstr(buf, "kvm-clock") != NULL)
		return "kvm";
	if (strstr(buf, "hyperv_clocksource") != NULL)
		return "hyper-v";
	if (strstr(buf, "xen") != NULL)
		return "xen";
	return NULL;
}

/* The x86 cpuinfo flag `hypervisor` on the first "flags" line. */
static int
cpuinfo_hypervisor(void)
{
	FILE *fp = sysfs_fopen("/proc/cpuinfo");
	char line[4096], *v, *save;
	int found = 0;

	while (fp != NULL && fgets(line, sizeof(line), fp) != NULL) {
		if (strncmp(line, "flags", 5) != 0 ||
		    (v = strchr(line, ':')) == NULL)
			continue;
		for (v = strtok_r(v + 1, " \t\n", &save); v != NULL;
		    v = strtok_r(NULL, " \t\n", &save))
			if (strcmp(v, "hypervisor") == 0)
				found = 1;
		break;
	}
	if (fp != NULL)
		fclose(fp);
	return found;
}

/* Lower case letters, digits and '-' of s, at most 24 of them. */
static void
clean_name(const char *s, char *out, size_t len)
{
	size_t n = 0;

	for (; *s != '\0' && n + 1 < len && n < 24; s++)
		if (isalnum((unsigned char)*s) || *s == '-')
			out[n++] = (char)tolower((unsigned char)*s);
	out[n] = '\0';
}

static void
vm_fill(struct system_info *si)
{
	char vendor[256], product[256], buf[512], why[640];
	const char *name = NULL, *clk = clocksource_vm();
	size_t i, l;

	vendor[0] = product[0] = '\0';
	(void)sysfs_read_str("/sys/class/dmi/id/sys_vendor", vendor,
	    sizeof(vendor));
	(void)sysfs_read_str("/sys/class/dmi/id/product_name", product,
	    sizeof(product));
	for (i = 0; i < ARRAY_SIZE(dmi_vms) && name == NULL; i++)
		if ((dmi_vms[i].vendor == NULL || strncmp(vendor,
		    dmi_vms[i].vendor, strlen(dmi_vms[i].vendor)) == 0) &&
		    (dmi_vms[i].product == NULL || strstr(product,
		    dmi_vms[i].product) != NULL))
			name = dmi_vms[i].name;
	/* EC2's bare-metal instances have the same vendor */
	l = strlen(product);
	if (name != NULL && strcmp(name, "amazon-ec2") == 0 && l >= 6 &&
	    strcmp(product + l - 6, ".metal") == 0)
		name = NULL;
	if (name != NULL) {
		/* QEMU's machine with KVM's clock: accelerated by KVM */
		if (strcmp(name, "qemu") == 0 && clk != NULL &&
		    strcmp(clk, "kvm") == 0)
			name = "kvm";
		snprintf(why, sizeof(why), "DMI: %.200s %.200s", vendor,
		    product);
	} else if (sysfs_read_str("/sys/hypervisor/type", buf, sizeof(buf))
	    == SYSFS_OK) {
		clean_name(buf, vendor, sizeof(vendor));
		name = vendor[0] != '\0' ? vendor : "other";
		snprintf(why, sizeof(why), "/sys/hypervisor/type");
	} else if (clk != NULL) {
		name = clk;
		snprintf(why, sizeof(why), "clock source %s",
		    strcmp(clk, "kvm") == 0 ? "kvm-clock" : clk);
	} else if (sysfs_exists("/proc/device-tree/hypervisor")) {
		name = "xen";
		snprintf(why, sizeof(why), "device tree: hypervisor node");
	} else if (sysfs_read_str("/proc/device-tree/compatible", buf,
	    sizeof(buf)) == SYSFS_OK && strstr(buf, "linux,dummy-virt")) {
		name = "qemu";
		snprintf(why, sizeof(why), "device tree: linux,dummy-virt");
	} else if (cpuinfo_hypervisor()) {
		name = "other";
		snprintf(why, sizeof(why), "cpuinfo flag hypervisor");
	}
	if (name != NULL) {
		si->vm = xstrdup(name);
		si->vm_evidence = xstrdup(why);
	}
}

/* ---- boards emulated whole ------------------------------------------------- */

/*
 * A Raspberry Pi's device tree always passes through its firmware (the
 * VideoCore's start*.elf starts the ARM cores; U-Boot or UEFI after it
 * hand on the tree the firmware patched), which adds the board's serial
 * number (/serial-number) and revision (/system/linux,revision) and
 * writes the revision into the model ("Raspberry Pi 4 Model B Rev 1.4").
 * QEMU's raspi machines load the kernel themselves with the device tree
 * from a file and do none of it (QEMU 7.2's raspi3b, Debian 12's kernel
 * and its bcm2837-rpi-3-b.dtb: tests/fixtures/qemu-raspi3b).  Those
 * machines have no KVM: their timings are QEMU's TCG.
 */
static void
board_emulated_fill(struct system_info *si)
{
	char model[256], why[512];

	if (sysfs_read_str("/proc/device-tree/model", model, sizeof(model))
	    != SYSFS_OK || strncmp(model, "Raspberry Pi", 12) != 0 ||
	    strstr(model, " Rev ") != NULL ||
	    sysfs_exists("/proc/device-tree/serial-number") ||
	    sysfs_exists("/proc/device-tree/system/linux,revision"))
		return;
	snprintf(why, sizeof(why), "device tree: a %.100s without the "
	    "Raspberry Pi firmware's revision and /serial-number (QEMU's "
	    "raspi machines)", model);
	si->emulator = xstrdup("qemu-system");
	si->emulator_evidence = xstrdup(why);
	if (si->vm == NULL) {
		si->vm = xstrdup("qemu");
		si->vm_evidence = xstrdup(why);
	}
}

/*
 * QEMU's virt machine (linux,dummy-virt) under TCG or under KVM: the
 * device tree, /proc/cpuinfo and the CPU's ID registers are alike
 * (QEMU 7.2, Debian 12's arm64 kernel: tests/fixtures/qemu-virt).  The
 * PMU is not.  Under KVM the guest's PMU is the host's hardware, whose
 * event list (PMCEID0/1) holds the events Armv8 requires of every PMU
 * with an L1 data cache, l1d_cache and l1d_cache_refill among them;
 * TCG's PMU implements cpu_cycles (and inst_retired under -icount)
 * and nothing of a cache.  So an armv8_pmuv3 PMU that lists cpu_cycles
 * but no l1d_cache is QEMU's TCG: emulated, certainly.  Without a PMU
 * (-cpu ...,pmu=off, or a kernel without the driver) nothing inside
 * the guest tells TCG from KVM with certainty (TCG's generic timer runs
 * at 62.5 MHz, BogoMIPS 125.00, but a host's counter could too): such
 * a guest stays vm "qemu", its rows not flagged emulated.
 */
static void
virt_tcg_fill(struct system_info *si)
{
	static const char *const dir = "/sys/bus/event_source/devices";
	char path[512], why[512];
	struct dirent *d;
	DIR *dp;
	int tcg = 0;

	if (si->vm_evidence == NULL ||
	    strstr(si->vm_evidence, "linux,dummy-virt") == NULL ||
	    (dp = sysfs_opendir(dir)) == NULL)
		return;
	while (!tcg && (d = readdir(dp)) != NULL) {
		if (strncmp(d->d_name, "armv8_pmuv3", 11) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%.255s/events/cpu_cycles",
		    dir, d->d_name);
		if (!sysfs_exists(path))
			continue;
		snprintf(path, sizeof(path), "%s/%.255s/events/l1d_cache",
		    dir, d->d_name);
		tcg = !sysfs_exists(path);
	}
	closedir(dp);
	if (!tcg)
		return;
	snprintf(why, sizeof(why), "device tree: linux,dummy-virt with "
	    "QEMU's TCG PMU (cpu_cycles but no l1d_cache event)");
	si->emulator = xstrdup("qemu-system");
	si->emulator_evidence = xstrdup(why);
}

/* ---- what the snapshot says ------------------------------------------------ */

int
sysinfo_emulated(const struct system_info *s)
{
	return s != NULL && s->emulator != NULL && s->emulator[0] != '\0';
}

int
sysinfo_in_vm(const struct system_info *s)
{
	return s != NULL && s->vm != NULL && s->vm[0] != '\0';
}

int
run_emulated(const struct run_info *ri)
{
	return ri != NULL && sysinfo_emulated(ri->system);
}

void
sysinfo_virt_probe(struct system_info *si)
{
	emulator_fill(si);
	vm_fill(si);
	if (si->emulator == NULL)
		board_emulated_fill(si);
	if (si->emulator == NULL)
		virt_tcg_fill(si);
}
